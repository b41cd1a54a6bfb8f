import { anchoredRule } from './anchoredRule';
import type { LeakRule } from './leakRule';
import { mixedCase, randomLooking } from './ruleChecks';

// Token formats of workspace and platform APIs that the provider rules did not know (issue 28),
// each written from the provider's own documentation of the format; the facts, not any text.
// As in tokenRules.ts: anchored at the prefix, bounded on both sides, random-looking bodies.

const hasDigit = (secret: string) => /[0-9]/.test(secret);
/** Letters of both cases and a digit: a random token body, not a word or a digest. */
const randomBody = (secret: string) => mixedCase(secret) && hasDigit(secret);
/** A letter and a digit (a lower-case alphabet), and random-looking. */
const lowerBody = (secret: string) =>
  /[a-z]/.test(secret) && hasDigit(secret) && randomLooking(secret);

/** Provider tokens of workspace and platform APIs, recognised by their prefix (or, for Cloudflare's older tokens, by the provider's name nearby). */
export const WORKSPACE_TOKEN_RULES: readonly LeakRule[] = [
  // Notion internal integration secrets (developers.notion.com, "Authorization": the
  // integration's secret is sent as a bearer token): `ntn_` in current tokens (the
  // notion-api-token rule of tokenRules.ts), `secret_` and 43 letters and digits in older ones.
  anchoredRule(
    'notion-legacy-token',
    ['secret_'],
    /(?<![A-Za-z0-9_])secret_[A-Za-z0-9]{43}(?![A-Za-z0-9])/g,
    randomBody,
  ),
  // Figma personal access tokens (developers.figma.com, "Personal access tokens"; sent in
  // the X-Figma-Token header): `figd_` and 40 characters of the URL-safe base64 alphabet.
  anchoredRule(
    'figma-personal-access-token',
    ['figd_'],
    /(?<![A-Za-z0-9_])figd_[\w-]{40,64}(?![\w-])/g,
    randomLooking,
  ),
  // Mailgun's private API keys (documentation.mailgun.com, "Authentication": the key is the
  // password of HTTP basic auth with the user `api`): in the older format, `key-` and 32
  // lower-case letters and digits.
  anchoredRule(
    'mailgun-api-key',
    ['key-'],
    /(?<![A-Za-z0-9_-])key-[0-9a-z]{32}(?![A-Za-z0-9_-])/g,
    lowerBody,
  ),
  // Cloudflare's scannable credentials (developers.cloudflare.com, "Token formats"): `cfk_`
  // (Global API Key), `cfut_` (user API token) or `cfat_` (account API token), then 40
  // characters and a checksum (8 hexadecimal digits in the tokens issued).
  anchoredRule(
    'cloudflare-api-token',
    ['cfk_', 'cfut_', 'cfat_'],
    /(?<![A-Za-z0-9_])cf(?:k|ut|at)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9_-])/g,
    randomLooking,
  ),
  // Cloudflare API tokens made before the scannable format: 40 characters of the URL-safe
  // base64 alphabet with no prefix (developers.cloudflare.com, "Create API token"). Written
  // in prose ("your Cloudflare API token is …") they have no assignment for the context rule
  // to anchor on: a random 40-character run later on the line where Cloudflare is named.
  anchoredRule(
    'cloudflare-api-token-in-prose',
    ['cloudflare'],
    /cloudflare[^\n]{0,80}?[^\w\n-](?<secret>[\w-]{40})(?![\w-])/dgi,
    randomBody,
  ),
];
