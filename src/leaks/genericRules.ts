import { anchoredRule } from './anchoredRule';
import type { LeakRule } from './leakRule';
import {
  CODE_REFERENCE,
  CREDENTIAL_TEMPLATE,
  CREDENTIAL_WORDS,
  highEntropy,
  isGenericSecret,
  isRealCredential,
  notPlaceholder,
  randomLooking,
} from './ruleChecks';
import { assignedName } from './assignedName';
import { isPlaceholder } from './isPlaceholder';
import { isStructuredValue } from './isStructuredValue';
import { namesNoSecret } from './namesNoSecret';

/** `user:password`, or a key alone as the user (`sk_live_…:`) or as the password (`:key`). */
function isCurlCredential(userinfo: string): boolean {
  const colon = userinfo.indexOf(':');
  const user = userinfo.slice(0, colon);
  const password = userinfo.slice(colon + 1);
  const lone = user === '' ? password : password === '' ? user : undefined;
  // `user:pass` on a command line is the usage example of every curl tutorial.
  if (lone === undefined) return isRealCredential(userinfo) && password !== 'pass';
  return lone.length >= 8 && !CREDENTIAL_TEMPLATE.test(lone) && randomLooking(lone);
}

// Anonymous FTP (RFC 1635): the user is `anonymous` or `ftp` and the password, by convention,
// the visitor's e-mail address or a word; public mirrors print such URLs on their front page.
const ANONYMOUS_USER = /^(?:anonymous|ftp)$/i;
const ANONYMOUS_PASSWORD = /^(?:[^@:]*(?:@|%40)[^@:]*|guest|anonymous|ftp|password|)$/i;

/** A `user:password` of a URL that is a credential: real (`isRealCredential`) and no anonymous login. */
function isUrlCredential(userinfo: string, _match: string, before: string): boolean {
  const colon = userinfo.indexOf(':');
  if (ANONYMOUS_USER.test(userinfo.slice(0, colon))) {
    // An FTP URL's anonymous login is public whatever its password; elsewhere an address or a word.
    if (/(?:^|[^A-Za-z0-9+.-])s?ftps?$/i.test(before)) return false;
    if (ANONYMOUS_PASSWORD.test(userinfo.slice(colon + 1))) return false;
  }
  return isRealCredential(userinfo);
}

/** Formats any provider may use: JWTs, credentials in URLs and headers, assignments to secret names. */
export const GENERIC_RULES: readonly LeakRule[] = [
  anchoredRule(
    'jwt',
    ['eyJ', 'eyA'],
    /(?<![A-Za-z0-9_-])ey[A-Za-z0-9_-]{10,}\.ey[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g,
    (token) => /^ey[JA]/.test(token) || token.includes('.eyJ'),
    'jwt',
  ),
  {
    id: 'basic-auth-url',
    anchored: true,
    within: { char: '@', distance: 420, stops: /[\s/?#"'<>()[\]]/g },
    family: 'basic-auth',
    keywords: ['://'],
    requires: ['@'],
    // Anchored at "://": the scheme is checked by a lookbehind, so only URLs are tried.
    pattern:
      /(?<=(?<![A-Za-z0-9+.-])(?:https?|ftps?|wss?|git\+https?|git\+ssh|ssh|sftp|smb|ldaps?)):\/\/(?<secret>[^\s:@/?#"'<>()[\]]{1,200}:[^\s/?#"'<>()[\]]{1,200})@(?=[A-Za-z0-9[])/dgi,
    accept: isUrlCredential,
  },
  {
    id: 'database-connection-string',
    anchored: true,
    within: { char: '@', distance: 420, stops: /[\s/?#"']/g },
    family: 'database',
    keywords: ['://'],
    requires: ['@'],
    pattern:
      /(?<=(?<![A-Za-z0-9+.-])(?:jdbc:)?(?:mongodb(?:\+srv)?|postgres(?:ql)?|mysql(?:x)?|mariadb|redis|rediss|amqps?|mssql|sqlserver|cockroachdb|clickhouse|couchdb|neo4j(?:\+s)?)):\/\/(?<secret>[^\s:@/?#"']{1,100}:[^\s/?#"']{1,200})@(?=[A-Za-z0-9[])/dgi,
    accept: isRealCredential,
  },
  anchoredRule(
    'curl-user-credentials',
    ['-u ', '--user'],
    /(?<![A-Za-z0-9-])(?:-u|--user)\s{1,5}["']?(?<secret>[^\s"':]{0,100}["']?:["']?[^\s"']{0,100})/dg,
    (secret) => isCurlCredential(secret.replace(/["']/g, '')),
    'basic-auth',
  ),
  // A credential header in a curl command: `-H "X-Api-Key: …"`, `--header 'Token: …'`.
  anchoredRule(
    'curl-header-credential',
    ['-H', '--header'],
    /(?<![A-Za-z0-9-])(?:-H|--header)[ \t]{1,5}["'][\w-]{0,30}(?:token|key|secret|auth|password)[\w-]{0,30}[ \t]{0,3}:[ \t]{0,5}(?:(?:basic|bearer|token)[ \t]{1,5})?(?<secret>[^\s"']{8,200})/dgi,
    // An idempotency or dedup key header names a request, not a credential.
    (secret, match) =>
      !namesNoSecret(/["']([\w-]+)/.exec(match)?.[1] ?? '') &&
      notPlaceholder(secret) &&
      !CREDENTIAL_TEMPLATE.test(secret) &&
      highEntropy(2.5)(secret),
    'http',
  ),
  anchoredRule(
    'authorization-header',
    ['authorization', 'api-token'],
    /(?:authorization|api-token)["']?\s{0,5}[:=]\s{0,5}["']?\s{0,5}(?:(?<scheme>basic|bearer|token|api-token)\s{1,5})?(?<secret>[A-Za-z0-9._~+/=-]{8,})/dgi,
    // Without a scheme the value must look like a token (a digit among its letters): on the
    // next line of a YAML `authorization:` block comes a key (`credentials_file`), not a token.
    (secret, match) =>
      notPlaceholder(secret) &&
      (/(?:basic|bearer|token)\s+\S+$/i.test(match) ||
        (highEntropy(3)(secret) && /\d/.test(secret) && !isStructuredValue(secret))),
    'http',
  ),
  anchoredRule(
    'bearer-token',
    ['bearer'],
    /(?<![A-Za-z])bearer\s{1,5}(?<secret>[A-Za-z0-9._~+/=-]{16,})/dgi,
    /* @__PURE__ */ highEntropy(3),
    'http',
  ),
  anchoredRule(
    'password-assignment',
    ['passw', 'pwd'],
    /(?:passw(?:or)?d|pwd)[A-Za-z0-9_.-]{0,20}["']?[ \t]{0,20}(?::=|=>|[:=])\s{0,5}["'](?<secret>[^"'\s]{8,100})["']/dgi,
    // A password policy, pattern or hint names passwords and holds none; nor does a path or a
    // list of settings.
    (secret, match, before) =>
      !namesNoSecret(assignedName(before, match)) &&
      !isStructuredValue(secret) &&
      !isPlaceholder(secret) &&
      !CREDENTIAL_TEMPLATE.test(secret) &&
      !CODE_REFERENCE.test(secret) &&
      !CREDENTIAL_WORDS.test(secret),
    'generic',
  ),
  anchoredRule(
    'high-entropy-assignment',
    ['key', 'secret', 'token', 'passw', 'pwd', 'credential', 'auth'],
    /(?:api[_.-]?key|access[_.-]?key|key|secret|token|passw(?:or)?d|pwd|credentials?|auth|private[_.-]?key)[A-Za-z0-9_.-]{0,20}?["']?[ \t]{0,20}(?::=|=>|[:=]|["'],)\s{0,5}["'`]?(?<secret>[A-Za-z0-9+/_.=~!@#$%^&*-]{16,200})(?![A-Za-z0-9+/_.=~!@#$%^&*-])/dgi,
    isGenericSecret,
    'generic',
  ),
];
