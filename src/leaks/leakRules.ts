import { shannonEntropy } from './entropy';
import { isPlaceholder } from './isPlaceholder';
import type { LeakRule } from './leakRule';
import { privateKeyRule } from './privateKeyRule';

// Linear time by construction: every unbounded run is either the last thing a pattern needs, or
// starts after a lookbehind that refuses to start inside a run of the same characters, so no
// position is scanned by more than a bounded number of attempts. test/leaks/linearTime.test.ts
// checks each rule on 1 MB of near-matches, and test/leaks/regexSafety.test.ts lints the regexes.

const notPlaceholder = (secret: string) => !isPlaceholder(secret);
const highEntropy = (bits: number) => (secret: string) => !isPlaceholder(secret) && shannonEntropy(secret) >= bits;
const hasDigitAndLetter = (secret: string) => /\d/.test(secret) && /[A-Za-z]/.test(secret);

// Credentials in URLs: template variables, sample words, too short, or the user name again.
const CREDENTIAL_TEMPLATE = /\$\{|\$\(|^\$[A-Za-z_]|\{\{|^\{.*\}$|^<|>$|^\[|\]$|%[A-Za-z_]+%/;
const CREDENTIAL_WORDS = /^(?:my)?(?:password|passwd|pwd|secret|token|changeme|placeholder)$|^(?:your|replace|insert|enter)[_-]|x{4,}|\*{3,}/i;
function isRealCredential(userinfo: string): boolean {
  const colon = userinfo.indexOf(':');
  const user = userinfo.slice(0, colon);
  const password = userinfo.slice(colon + 1);
  if (CREDENTIAL_TEMPLATE.test(user) || CREDENTIAL_TEMPLATE.test(password)) return false;
  if (password.length < 4 || password === user || CREDENTIAL_WORDS.test(password)) return false;
  return !/^(.)\1*$/.test(password);
}

// A name that holds a reference to a secret, not a secret: an id, a name, a length, a url…
const NOT_A_SECRET_NAME = /(?:id|ids|name|names|length|len|url|uri|source|path|type|variable|file|header|count|size|chars|str)["']?\s{0,5}(?::=|=>|[:=])/i;
// Public keys, CSRF tokens and nonces are not secrets at rest.
const PUBLIC_NAME = /public|pub_?key|csrf|xsrf|nonce/i;
const CODE_REFERENCE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+$|^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$/;
// Slugs and versions: lower-case words joined by dashes or dots, or three and more dashed words
// (hex groups such as a UUID are not words: a UUID is a common API key).
const SLUG = /^[a-z0-9]+(?:[-.][a-z0-9]+)+$|^[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}$/;
const isSlug = (secret: string) => SLUG.test(secret) && !secret.split(/[-.]/).every((part) => /^[0-9a-fA-F]+$/.test(part));
const HOST_LIKE = /\.(?:com|org|net|io|dev|local|internal)(?::\d+)?$|:\d{2,5}$/;
// An alphabet or a counting sequence ("abcdefgh", "01234567") is a character table, not a key.
const SEQUENCE = /abcdefgh|ABCDEFGH|01234567|12345678/;
function isGenericSecret(secret: string, match: string, before: string): boolean {
  const name = (/[A-Za-z0-9_.-]*$/.exec(before)?.[0] ?? '') + match;
  if (NOT_A_SECRET_NAME.test(match) || PUBLIC_NAME.test(name)) return false;
  if (CODE_REFERENCE.test(secret) || isSlug(secret) || HOST_LIKE.test(secret) || SEQUENCE.test(secret)) return false;
  return highEntropy(3.5)(secret) && hasDigitAndLetter(secret);
}

export const LEAK_RULES: readonly LeakRule[] = [
  // AWS
  {
    id: 'aws-access-key-id',
    anchored: true,
    family: 'aws',
    keywords: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'],
    pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}(?![A-Za-z0-9])/g,
    accept: notPlaceholder,
  },
  {
    id: 'aws-secret-access-key',
    anchored: true,
    family: 'aws',
    keywords: ['aws', 'secret'],
    pattern: /(?:aws.{0,20}?secret|secret.?access.?key).{0,20}?[=:>]\s{0,5}["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,
    accept: /* @__PURE__ */ highEntropy(3.5),
  },
  {
    id: 'aws-bedrock-api-key',
    anchored: true,
    family: 'aws',
    keywords: ['ABSK'],
    pattern: /(?<![A-Za-z0-9+/])ABSK[A-Za-z0-9+/]{100,}={0,2}/g,
  },
  // Google Cloud
  {
    id: 'gcp-api-key',
    anchored: true,
    family: 'gcp',
    keywords: ['AIza'],
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
    accept: /* @__PURE__ */ highEntropy(3.2),
  },
  // GitHub
  {
    id: 'github-token',
    anchored: true,
    family: 'github',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9_]{36,255}/g,
  },
  {
    id: 'github-fine-grained-pat',
    anchored: true,
    family: 'github',
    keywords: ['github_pat_'],
    pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])/g,
  },
  // GitLab
  {
    id: 'gitlab-token',
    anchored: true,
    family: 'gitlab',
    keywords: ['glpat-', 'glptt-', 'glrt-', 'gldt-', 'glsoat-', 'glcbt-', 'glft-', 'glimt-', 'glagent-', 'gloas-', 'glwt-', 'GR1348941'],
    pattern: /(?<![A-Za-z0-9_-])(?:gl(?:pat|ptt|rt|dt|soat|cbt|ft|imt|agent|oas|wt)-|GR1348941)[A-Za-z0-9_.-]{20,}/g,
  },
  // Slack
  {
    id: 'slack-token',
    anchored: true,
    family: 'slack',
    keywords: ['xox'],
    pattern: /(?<![A-Za-z0-9_-])(?:xox[abposr]-(?:\d{1,3}-)?\d{6,}-[0-9A-Za-z-]{8,}|xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{100,})/g,
  },
  {
    id: 'slack-app-token',
    anchored: true,
    family: 'slack',
    keywords: ['xapp-'],
    pattern: /(?<![A-Za-z0-9_-])xapp-\d-[A-Z0-9]{1,20}-\d{1,20}-[A-Za-z0-9]{10,}/gi,
  },
  {
    id: 'slack-webhook-url',
    family: 'slack',
    keywords: ['hooks.slack.com'],
    pattern: /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9+/_-]{20,})/dg,
  },
  // OpenAI and Anthropic
  {
    id: 'openai-api-key',
    anchored: true,
    family: 'openai',
    keywords: ['sk-'],
    pattern: /(?<![A-Za-z0-9_-])sk-(?:[a-z]{1,10}-)?[A-Za-z0-9_-]{10,}T3BlbkFJ[A-Za-z0-9_-]{10,}/g,
  },
  {
    id: 'anthropic-api-key',
    anchored: true,
    family: 'anthropic',
    keywords: ['sk-ant-'],
    pattern: /(?<![A-Za-z0-9_-])sk-ant-(?:api|admin|sid)\d{2}-[A-Za-z0-9_-]{93}AA(?![A-Za-z0-9_-])/g,
  },
  // Payments, mail, commerce, package registries
  {
    id: 'stripe-key',
    anchored: true,
    family: 'stripe',
    keywords: ['sk_', 'rk_', 'whsec_'],
    pattern: /(?<![A-Za-z0-9_])(?:(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9]{32,})(?![A-Za-z0-9])/g,
  },
  {
    id: 'sendgrid-api-key',
    anchored: true,
    family: 'sendgrid',
    keywords: ['SG.'],
    pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g,
  },
  {
    id: 'shopify-token',
    anchored: true,
    family: 'shopify',
    keywords: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
    pattern: /(?<![A-Za-z0-9_])shp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,}/g,
  },
  {
    id: 'npm-token',
    anchored: true,
    family: 'npm',
    keywords: ['npm_'],
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
  },
  {
    id: 'npmrc-auth-token',
    anchored: true,
    family: 'npm',
    keywords: ['_authToken', '_auth', '_password'],
    pattern: /(?:_authToken|_auth|_password)\s{0,5}=\s{0,5}(?<secret>(?!\$\{)[^\s"']{8,})/dg,
    accept: notPlaceholder,
  },
  // Azure
  {
    id: 'azure-client-secret',
    family: 'azure',
    keywords: ['Q~'],
    pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g,
  },
  {
    id: 'azure-storage-key',
    anchored: true,
    family: 'azure',
    keywords: ['AccountKey=', 'SharedAccessKey='],
    pattern: /(?:AccountKey|SharedAccessKey)=(?<secret>[A-Za-z0-9+/]{40,100}={0,2})/dg,
  },
  {
    id: 'azure-credential-assignment',
    anchored: true,
    family: 'azure',
    keywords: ['azure', 'ad_', 'ad-', 'ad.'],
    pattern: /(?:azure|ad[_.-])[\w.-]{0,10}?(?:client|tenant)[\w.-]{0,10}?(?:secret|id)["']?\s{0,5}(?::=|[:=])\s{0,5}["']?(?<secret>[A-Za-z0-9_~.-]{32,40})(?![A-Za-z0-9_~.-])/dgi,
    accept: notPlaceholder,
  },
  // Developer platforms
  {
    id: 'linear-api-key',
    anchored: true,
    family: 'linear',
    keywords: ['lin_api_', 'lin_oauth_'],
    pattern: /(?<![A-Za-z0-9_])lin_(?:api_[A-Za-z0-9]{40,64}|oauth_[a-f0-9]{64})(?![A-Za-z0-9])/g,
  },
  {
    id: '1password-secret-key',
    anchored: true,
    family: '1password',
    keywords: ['A3-'],
    pattern: /(?<![A-Za-z0-9-])A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![A-Za-z0-9-])/g,
    accept: (secret) => !/X{5}/.test(secret),
  },
  {
    id: '1password-service-account-token',
    anchored: true,
    family: '1password',
    keywords: ['ops_ey'],
    pattern: /(?<![A-Za-z0-9_])ops_eyJ[A-Za-z0-9+/=_-]{100,}/g,
  },
  {
    id: 'vault-token',
    anchored: true,
    family: 'hashicorp',
    keywords: ['hvs.', 'hvb.', 'hvr.'],
    pattern: /(?<![A-Za-z0-9_.-])hv[sbr]\.[A-Za-z0-9_-]{24,}/g,
  },
  {
    id: 'vault-legacy-token',
    anchored: true,
    family: 'hashicorp',
    keywords: ['vault', 'token'],
    pattern: /(?:vault|token)[\w.-]{0,20}?["']?\s{0,5}[:=]\s{0,5}["']?(?<secret>[sb]\.[A-Za-z0-9]{24})(?![A-Za-z0-9])/dgi,
    accept: hasDigitAndLetter,
  },
  {
    id: 'terraform-cloud-token',
    family: 'hashicorp',
    keywords: ['atlasv1'],
    pattern: /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}/g,
  },
  // Formats any provider may use
  privateKeyRule,
  {
    id: 'jwt',
    anchored: true,
    family: 'jwt',
    keywords: ['eyJ', 'eyA'],
    pattern: /(?<![A-Za-z0-9_-])ey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g,
    accept: (token) => /^ey[JA]/.test(token) || token.includes('.eyJ'),
  },
  {
    id: 'basic-auth-url',
    anchored: true,
    within: { char: '@', distance: 420 },
    family: 'basic-auth',
    keywords: ['://'],
    requires: ['@'],
    // Anchored at "://": the scheme is checked by a lookbehind, so only URLs are tried.
    pattern: /(?<=(?<![A-Za-z0-9+.-])(?:https?|ftps?|wss?|git\+https?|git\+ssh|ssh|sftp|smb|ldaps?)):\/\/(?<secret>[^\s:@/?#"'<>()[\]]{1,200}:[^\s/?#"'<>()[\]]{1,200})@(?=[A-Za-z0-9[])/dgi,
    accept: isRealCredential,
  },
  {
    id: 'database-connection-string',
    anchored: true,
    within: { char: '@', distance: 420 },
    family: 'database',
    keywords: ['://'],
    requires: ['@'],
    pattern: /(?<=(?<![A-Za-z0-9+.-])(?:jdbc:)?(?:mongodb(?:\+srv)?|postgres(?:ql)?|mysql(?:x)?|mariadb|redis|rediss|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?)):\/\/(?<secret>[^\s:@/?#"']{1,100}:[^\s/?#"']{1,200})@(?=[A-Za-z0-9[])/dgi,
    accept: isRealCredential,
  },
  {
    id: 'curl-user-credentials',
    anchored: true,
    family: 'basic-auth',
    keywords: ['-u ', '--user'],
    pattern: /(?<![A-Za-z0-9-])(?:-u|--user)\s{1,5}["']?(?<secret>[^\s"':]{1,100}["']?:["']?[^\s"']{4,100})/dg,
    accept: (secret) => isRealCredential(secret.replace(/["']/g, '')),
  },
  {
    id: 'authorization-header',
    anchored: true,
    family: 'http',
    keywords: ['authorization', 'api-token'],
    pattern: /(?:authorization|api-token)["']?\s{0,5}[:=]\s{0,5}["']?\s{0,5}(?:(?<scheme>basic|bearer|token|api-token)\s{1,5})?(?<secret>[A-Za-z0-9._~+/=-]{8,})/dgi,
    accept: (secret, match) => notPlaceholder(secret) && (/(?:basic|bearer|token)\s+\S+$/i.test(match) || highEntropy(3)(secret)),
  },
  {
    id: 'bearer-token',
    anchored: true,
    family: 'http',
    keywords: ['bearer'],
    pattern: /(?<![A-Za-z])bearer\s{1,5}(?<secret>[A-Za-z0-9._~+/=-]{16,})/dgi,
    accept: /* @__PURE__ */ highEntropy(3),
  },
  {
    id: 'password-assignment',
    anchored: true,
    family: 'generic',
    keywords: ['passw', 'pwd'],
    pattern: /(?:passw(?:or)?d|pwd)[A-Za-z0-9_.-]{0,20}["']?\s{0,5}(?::=|=>|[:=])\s{0,5}["'](?<secret>[^"'\s]{8,100})["']/dgi,
    accept: (secret) => !isPlaceholder(secret) && !CREDENTIAL_TEMPLATE.test(secret) && !CODE_REFERENCE.test(secret) && !CREDENTIAL_WORDS.test(secret),
  },
  {
    id: 'high-entropy-assignment',
    anchored: true,
    family: 'generic',
    keywords: ['key', 'secret', 'token', 'passw', 'pwd', 'credential', 'auth'],
    pattern: /(?:api[_.-]?key|access[_.-]?key|key|secret|token|passw(?:or)?d|pwd|credentials?|auth|private[_.-]?key)[A-Za-z0-9_.-]{0,20}?["']?\s{0,5}(?::=|=>|[:=])\s{0,5}["'`]?(?<secret>[A-Za-z0-9+/_.=~!@#$%^&*-]{16,200})(?![A-Za-z0-9+/_.=~!@#$%^&*-])/dgi,
    accept: isGenericSecret,
  },
];
