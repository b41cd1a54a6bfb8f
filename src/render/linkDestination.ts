/** Where a link really goes: read from the URL its `href` will hold, as a browser parses it. */
export interface LinkDestination {
  /** The URL as the parser writes it: what the `href` holds, what a click opens. */
  readonly href: string;
  /**
   * The hosts it reaches, lower-case, an internationalised name in punycode: the host of a web
   * or IRC address; each recipient's domain of a mail or XMPP address.
   */
  readonly hosts: readonly string[];
  /** What a note names: a web address's host with its port, or the hosts. */
  readonly shown: string;
}

// The schemes a link may use. http(s) are "special": their host is read the same way everywhere.
const LINK_SCHEME = /^[\u0000-\u0020]*(?:(https?)|ircs?|mailto|xmpp):/i;

/**
 * Where `address` goes, or `undefined` when a link to it is refused: another scheme, or an
 * address that names no host of its own. Such an address means whatever the page it lands on
 * makes of it: `//evil.example`, `\/\/evil.example`, `/path`, and `https:evil.example` on an
 * https page (a path of that page; on another page, a host) all resolve against the page. So only
 * what resolves the same on every page is kept, and the `href` is the URL as parsed
 * (`https://bank.example\@evil.example/` is written `https://bank.example/@evil.example/`, the
 * host the browser reads). An IRC address without a host, or a mail or XMPP address without a
 * recipient, is refused too: there is no host to show. A mail or XMPP address keeps only its
 * recipients (no `?subject=`, `?body=`, `?cc=`, `?bcc=`).
 */
export function linkDestination(address: string): LinkDestination | undefined {
  // The parser drops tabs and line breaks wherever they are; so does what reads it here.
  const written = /[\t\n\r]/.test(address) ? address.replace(/[\t\n\r]/g, '') : address;
  const scheme = LINK_SCHEME.exec(written);
  if (!scheme) return undefined;
  const web = scheme[1] !== undefined;
  // An http(s) address names its host only with two slashes after the colon (`\` reads as `/`).
  if (web && !/^[\\/]{2}/.test(written.slice(scheme[0].length))) return undefined;
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return undefined;
  }
  const { protocol, hostname, pathname } = url;
  let href = url.href;
  // Another scheme's host is opaque to the parser: it keeps its case (so it is lowered here) and
  // writes what is not ASCII as escapes (`b%D0%B0nk.example`), which no look-alike passes for.
  let hosts = [hostname.toLowerCase()];
  if (protocol === 'mailto:' || protocol === 'xmpp:') {
    // Its recipients are its path, and only they stay: a subject, a body or a copy (`?bcc=`)
    // written in advance is the model's, not the reader's; so is an authority (`xmpp://a@b/…`,
    // refused). `a@x.example,b@y.example` (a comma may be escaped); an XMPP address is
    // `node@domain/resource`, or a domain.
    href = protocol + pathname;
    hosts = pathname
      .toLowerCase()
      .split(/,|%2c/)
      .map((recipient) => {
        const mailbox = recipient.split('/')[0]!;
        return mailbox.slice(mailbox.lastIndexOf('@') + 1);
      });
  }
  // A set: a mail link may name a great many recipients, often of one domain.
  const list = [...new Set(hosts)];
  if (list.includes('')) return undefined;
  // An IRC address's port shows with its host, as a web address's does.
  return {
    href,
    hosts: list,
    shown: web ? url.host : list.join(', ') + (url.port && `:${url.port}`),
  };
}
