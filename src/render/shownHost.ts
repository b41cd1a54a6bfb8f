/**
 * The host of an address as a reader should see it: what the URL parser made of it, so an
 * internationalised name shows in punycode (`xn--…`, never a look-alike of another name), with
 * its port, and never a bidi control (the parser refuses those in hosts). `href` is a URL the
 * parser wrote (`safeHttpUrl`, `linkDestination`).
 */
export function shownHost(href: string): string {
  return new URL(href).host;
}
