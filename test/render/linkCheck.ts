import type { LinkCase } from './linkVectors';

/** A rendered link as the browser reads it. */
export interface SeenLink {
  /** `a.href`: the URL the browser resolved and would open. */
  readonly href: string;
  /** Where that goes: the host (with a port) and the host name, read by the browser's parser. */
  readonly host: string;
  readonly hostname: string;
  /** The host note's text, if the link shows one. */
  readonly note: string | undefined;
}

/**
 * Reads the links of rendered HTML in a document, the browser's way: `a.href` resolved, then its
 * host. (Self-contained: Chromium runs its source.) An IRC host is opaque to the parser (case and
 * escapes kept): it is read again as a web host is, the way its client resolves it.
 */
export function readLinks(html: string): SeenLink[] {
  const root = document.createElement('div');
  root.innerHTML = html;
  return Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]:not(.rg-image-link)')).map(
    (a) => {
      const url = new URL(a.href);
      const web = url.protocol === 'http:' || url.protocol === 'https:';
      // A mail or XMPP address has no host of its own: its recipients are the tests' to read.
      const where = web || url.host === '' ? url : new URL(`http://${url.host}`);
      return {
        href: a.href,
        host: where.host,
        hostname: where.hostname,
        note: a.querySelector('small.rg-link-host')?.textContent ?? undefined,
      };
    },
  );
}

/**
 * What is wrong with how a case's links read (empty when nothing is): a link whose note does not
 * name the host it goes to, or a link that goes to a host its text does not name without a note.
 * A link that is not rendered (refused) goes nowhere and is fine.
 */
export function linkProblems(link: LinkCase, seen: readonly SeenLink[]): string[] {
  const problems: string[] = [];
  for (const { href, host, hostname, note } of seen) {
    const namesIt = link.named.every((name) => name === hostname);
    const expected = namesIt ? undefined : `(${host})`;
    if (note !== expected) {
      problems.push(
        `${JSON.stringify(link.markdown)} goes to ${href}: note ${String(note)}, expected ${String(expected)}`,
      );
    }
  }
  return problems;
}
