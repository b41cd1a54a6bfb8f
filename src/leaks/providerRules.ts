import { assignedName } from './assignedName';
import type { LeakRule } from './leakRule';
import { namesNoSecret } from './namesNoSecret';
import {
  CODE_REFERENCE,
  hasDigitAndLetter,
  highEntropy,
  notPlaceholder,
  randomLooking,
} from './ruleChecks';

// Linear time by construction: every unbounded run is either the last thing a pattern needs, or
// starts after a lookbehind that refuses to start inside a run of the same characters, so no
// position is scanned by more than a bounded number of attempts. test/leaks/linearTime.test.ts
// checks each rule on 1 MB of near-matches, and test/leaks/regexSafety.test.ts lints the regexes.

/** Rules for the token formats of the providers secretlint and gitleaks know best. */
export const PROVIDER_RULES: readonly LeakRule[] = [
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
    pattern:
      /(?:aws.{0,20}?secret|secret.?access.?key).{0,20}?[=:>]\s{0,5}["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,
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
    accept: (secret) => highEntropy(3.2)(secret) && randomLooking(secret),
  },
  // GitHub
  {
    id: 'github-token',
    anchored: true,
    family: 'github',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    // An underscore before the prefix is glue, not a longer word: `call_ghp_…` is still a token.
    pattern: /(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9_]{36,255}/g,
  },
  {
    id: 'github-fine-grained-pat',
    anchored: true,
    family: 'github',
    keywords: ['github_pat_'],
    pattern: /(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{82}(?![A-Za-z0-9_])/g,
  },
  // GitLab
  {
    id: 'gitlab-token',
    anchored: true,
    family: 'gitlab',
    keywords: [
      'glpat-',
      'glptt-',
      'glrt-',
      'gldt-',
      'glsoat-',
      'glcbt-',
      'glft-',
      'glimt-',
      'glagent-',
      'gloas-',
      'glwt-',
      'GR1348941',
    ],
    pattern:
      /(?<![A-Za-z0-9_-])(?:gl(?:pat|ptt|rt|dt|soat|cbt|ft|imt|agent|oas|wt)-|GR1348941)[A-Za-z0-9_.-]{20,}/g,
    accept: randomLooking,
  },
  // Slack
  {
    id: 'slack-token',
    anchored: true,
    family: 'slack',
    keywords: ['xox'],
    // A run cut short by a mask ("…-####") is a sample, not a token.
    pattern:
      /(?<![A-Za-z0-9_-])(?:xox[abposre]-(?:\d{1,3}-)?\d{6,}-[0-9A-Za-z-]{8,}(?![0-9A-Za-z#*-])|xoxe(?:\.xox[bp])?-\d-[A-Za-z0-9]{100,})/g,
    accept: (secret) => !secret.endsWith('-'),
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
    pattern:
      /hooks\.slack\.com\/(?:services|workflows|triggers)\/(?<secret>[A-Za-z0-9+/_-]{20,})/dg,
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
    pattern:
      /(?<![A-Za-z0-9_-])sk-ant-(?:api|admin|sid)\d{2}-[A-Za-z0-9_-]{93}AA(?![A-Za-z0-9_-])/g,
  },
  // Payments, mail, commerce, package registries
  {
    id: 'stripe-key',
    anchored: true,
    family: 'stripe',
    keywords: ['sk_', 'rk_', 'whsec_'],
    pattern:
      /(?<![A-Za-z0-9_])(?:(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}|whsec_[A-Za-z0-9]{32,})(?![A-Za-z0-9])/g,
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
    accept: (secret) => notPlaceholder(secret) && !CODE_REFERENCE.test(secret),
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
    pattern:
      /(?:azure|ad[_.-])[\w.-]{0,10}?(?:client|tenant)[\w.-]{0,10}?(?:secret|id)["']?\s{0,5}(?::=|[:=])\s{0,5}["']?(?<secret>[A-Za-z0-9_~.-]{32,40})(?![A-Za-z0-9_~.-])/dgi,
    // A tenant id and a client (application) id are GUIDs every portal page shows: identifiers
    // a user copies into configs, not credentials (secretlint reports them; see skip.json).
    accept: (secret, match, before) =>
      notPlaceholder(secret) && !namesNoSecret(assignedName(before, match)),
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
    pattern:
      /(?<![A-Za-z0-9-])A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}(?![A-Za-z0-9-])/g,
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
    pattern:
      /(?:vault|token)[\w.-]{0,20}?["']?\s{0,5}[:=]\s{0,5}["']?(?<secret>[sb]\.[A-Za-z0-9]{24})(?![A-Za-z0-9])/dgi,
    accept: hasDigitAndLetter,
  },
  {
    id: 'terraform-cloud-token',
    family: 'hashicorp',
    keywords: ['atlasv1'],
    pattern: /(?<![A-Za-z0-9])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}/g,
  },
];
