/**
 * The URL as it may be placed in `href`/`src`: only absolute http(s) URLs, normalised by the URL
 * parser (so `java\tscript:`, entities and odd whitespace cannot smuggle another scheme).
 */
export function safeHttpUrl(value: string): string | undefined {
  // Most addresses that are no http(s) URL are told apart without the parser's exception.
  if (!/^[\s\u0000-\u001f]*h[\t\n\r]*t[\t\n\r]*t[\t\n\r]*p/i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
