/**
 * The URL as it may be placed in `href`/`src`: only absolute http(s) URLs, normalised by the URL
 * parser (so `java\tscript:`, entities and odd whitespace cannot smuggle another scheme).
 */
export function safeHttpUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
