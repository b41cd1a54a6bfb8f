// Template syntax, masks and sample words that documentation puts where a secret would go.
const PLACEHOLDER =
  /^(?:\$\{.*\}|\{\{.*\}\}|\{[^{}]*\}|<[^<>]*>|%[^%]*%|\$[A-Z_][A-Z0-9_]*)$|x{4,}|\*{3,}|\.{3}|(?:example|dummy|placeholder|redacted|changeme|your[_-]|sample|fake|insert|replace)/i;
const PLAIN_WORDS =
  /^(?:pass(?:word)?|secret|token|user(?:name)?|admin|root|test|none|null|undefined|true|false)$/i;

/**
 * True when a candidate secret is a placeholder, a template variable, a mask or a bare word.
 */
export function isPlaceholder(secret: string): boolean {
  if (PLAIN_WORDS.test(secret) || PLACEHOLDER.test(secret)) return true;
  // One character repeated ("aaaaaaaa", "00000000").
  return secret.length > 3 && secret.split(secret[0]!).length === secret.length + 1;
}
