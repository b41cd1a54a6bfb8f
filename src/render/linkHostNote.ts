import { escapeHtml } from './escapeHtml';
import { shownHost } from './shownHost';

// A host name as written in text: labels of letters, digits and hyphens, a top label of letters.
const HOST_NAME = /^(?:[\p{L}\p{N}][\p{L}\p{N}-]*\.)+\p{L}[\p{L}\p{N}-]*$/u;
const MAX_HOST = 253;

/**
 * What a link shows after its text when the text names a host that is not where it goes: the
 * real host, in punycode, `(evil.example)`. A text that names the target's own host as the URL
 * parser writes it needs nothing; a look-alike written in another script differs in writing and
 * gets the note too. Each word of the text is read once (linear).
 */
export function linkHostNote(href: string, shownText: string): string {
  // A text without a dot names no host; an address that is no http(s) URL shows none.
  if (!shownText.includes('.') || !/^\s*https?:/i.test(href)) return '';
  const host = shownHost(href);
  if (host === '') return '';
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  for (const word of shownText.split(/[\s<>()[\]"'`,;!]+/)) {
    // What a reader takes for the host: the part before any path, each side of user info.
    const authority = word.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').split(/[/?#]/, 1)[0]!;
    for (const part of authority.split(/[@:]/)) {
      const named = part.replace(/\.$/, '').toLowerCase();
      if (named.length <= MAX_HOST && named !== hostname && HOST_NAME.test(named)) {
        return ` <small class="rg-link-host" dir="ltr">(${escapeHtml(host)})</small>`;
      }
    }
  }
  return '';
}
