/** Where a link really goes: read from the URL its `href` will hold, as a browser parses it. */
export interface LinkDestination {
  /** The URL as the parser writes it: what the `href` holds, what a click opens. */
  readonly href: string;
  /**
   * The hosts it reaches, lower-case, an internationalised name in punycode: the host of a web
   * or IRC address; each recipient's domain of a mail or XMPP address.
   */
  readonly hosts: readonly string[];
  /** The port it reaches: the URL's, else the scheme's default (`''` when it has none). */
  readonly port: string;
  /** What a note names: the host with its port, or the recipients' domains. */
  readonly shown: string;
}

// The schemes a link may use. http(s) are "special": their host is read the same way everywhere.
const LINK_SCHEME = /^[\u0000-\u0020]*(?:(https?)|ircs?|mailto|xmpp):/i;
const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Where `address` goes, or `undefined` when a link to it is refused: another scheme, or an
 * address that names no host of its own. Such an address means whatever the page it lands on
 * makes of it: `//evil.example`, `\/\/evil.example`, `/path`, and `https:evil.example` on an
 * https page (a path of that page; on another page, a host) all resolve against the page. So only
 * what resolves the same on every page is kept, and the `href` is the URL as parsed
 * (`https://bank.example\@evil.example/` is written `https://bank.example/@evil.example/`, the
 * host the browser reads). An IRC address without a host, or a mail or XMPP address without a
 * recipient's domain, is refused too: there is no host to show.
 */
export function linkDestination(address: string): LinkDestination | undefined {
  // The parser drops tabs and line breaks wherever they are; so does what reads it here.
  const written = /[\t\n\r]/.test(address) ? address.replace(/[\t\n\r]/g, '') : address;
  const scheme = LINK_SCHEME.exec(written);
  if (!scheme) return undefined;
  const web = scheme[1] !== undefined;
  // An http(s) address names its host only with two slashes after the colon (`\` reads as `/`).
  if (web && !(isSlash(written, scheme[0].length) && isSlash(written, scheme[0].length + 1))) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return undefined;
  }
  const { protocol, hostname, port } = url;
  // A set: a mail link may name a great many recipients, often of one domain.
  const hosts = new Set<string>();
  const add = (name: string) => {
    // Another scheme's host is opaque (case and escapes kept): read it as a web host is read.
    const host = web ? name : hostKey(name);
    if (host !== undefined) hosts.add(host);
    return host !== undefined;
  };
  if (hostname !== '' && !add(hostname)) return undefined;
  if ((protocol === 'mailto:' || protocol === 'xmpp:') && !addRecipients(url, add)) {
    return undefined;
  }
  if (hosts.size === 0) return undefined;
  const list = [...hosts];
  return {
    href: url.href,
    hosts: list,
    port: port || (DEFAULT_PORT[protocol] ?? ''),
    // A port needs a host in the URL, which is the first.
    shown: web ? url.host : [list[0]! + (port ? `:${port}` : ''), ...list.slice(1)].join(', '),
  };
}

/**
 * The domains of a mail address's recipients (its path, and `to`, `cc`, `bcc`) or of an XMPP
 * address's JID (after `@`, before `/`; a JID without `@` is a domain). False when one is no
 * host name.
 */
function addRecipients(url: URL, add: (name: string) => boolean): boolean {
  const mail = url.protocol === 'mailto:';
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return false;
  }
  const fields = [path];
  if (mail) {
    url.searchParams.forEach((value, name) => {
      if (/^(?:to|cc|bcc)$/i.test(name)) fields.push(value);
    });
  }
  for (const field of fields) {
    for (const recipient of mail ? field.split(',') : [field.replace(/^\/+/, '').split('/')[0]!]) {
      const at = recipient.lastIndexOf('@');
      if (mail && at < 0) continue;
      if (!add(recipient.slice(at + 1).trim())) return false;
    }
  }
  return true;
}

const isSlash = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code === 0x2f || code === 0x5c;
};

/** A host name as the URL parser writes a web host, or `undefined` when it is none. */
function hostKey(name: string): string | undefined {
  if (name === '' || /[\s/\\?#@]/.test(name)) return undefined;
  try {
    return new URL(`http://${name}`).hostname;
  } catch {
    return undefined;
  }
}
