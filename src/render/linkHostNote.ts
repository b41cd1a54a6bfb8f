import { escapeHtml } from './escapeHtml';
import type { LinkDestination } from './linkDestination';
import { namedHosts } from './namedHosts';

/**
 * What a link shows after its text when the text names a host that is not where it goes: the
 * real one, as the URL parser writes it (`(evil.example)`, an internationalised name in
 * punycode). Hosts are compared whole, never by prefix (`paypal.com` is not
 * `paypal.com.evil.example`); a look-alike written in another script differs in writing and gets
 * the note too. A mail link to several domains gets it unless the text names each. Linear in the
 * text.
 */
export function linkHostNote(destination: LinkDestination, shownText: string): string {
  const named = namedHosts(shownText);
  if (named.length === 0) return '';
  const hosts = new Set(destination.hosts);
  // Each name must be one of its hosts, and (when they are) the names must be all of them.
  return named.some((host) => !hosts.has(host)) || new Set(named).size < hosts.size
    ? ` <small class="rg-link-host" dir="ltr">(${escapeHtml(destination.shown)})</small>`
    : '';
}
