import { escapeHtml } from './escapeHtml';
import type { LinkDestination } from './linkDestination';
import { namedHosts } from './namedHosts';

/**
 * What a link shows after its text when the text names a host that is not where it goes: the
 * real one, as the URL parser writes it (`(evil.example)`, an internationalised name in
 * punycode). Hosts are compared whole, never by prefix (`paypal.com` is not
 * `paypal.com.evil.example`); a look-alike written in another script differs in writing and gets
 * the note too; a port the text names must be the one the link uses. A mail link to several
 * domains gets it unless the text names each. Linear in the text.
 */
export function linkHostNote(destination: LinkDestination, shownText: string): string {
  const named = namedHosts(shownText);
  if (named.length === 0) return '';
  const hosts = new Set(destination.hosts);
  const namedSet = new Set<string>();
  let differs = false;
  for (const { host, port } of named) {
    namedSet.add(host);
    if (!hosts.has(host) || (port !== undefined && Number(port) !== Number(destination.port))) {
      differs = true;
    }
  }
  // Every name is one of its hosts: the text must name them all.
  if (namedSet.size < hosts.size) differs = true;
  return differs
    ? ` <small class="rg-link-host" dir="ltr">(${escapeHtml(destination.shown)})</small>`
    : '';
}
