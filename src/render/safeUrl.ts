import { linkDestination } from './linkDestination';

/**
 * The URL as it may be placed in `href`/`src`: only absolute http(s) URLs, as the URL parser
 * writes them (so `java\tscript:`, entities and odd whitespace cannot smuggle another scheme, and
 * the host in it is the one a browser goes to). Read as `linkDestination` reads every link.
 */
export function safeHttpUrl(value: string): string | undefined {
  const href = linkDestination(value)?.href;
  return href?.startsWith('http') ? href : undefined;
}
