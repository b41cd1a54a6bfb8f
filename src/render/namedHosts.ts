/** A host a link's text names, as a reader takes it. */
export interface NamedHost {
  /** The name as written, lower-case, every full-stop look-alike read as `.`. */
  readonly host: string;
  /** The port written after it, if any. */
  readonly port: string | undefined;
}

// What reads as a full stop: Unicode's confusables of `.` and `·`, the dots the URL parser
// maps to `.` (U+3002, U+FF0E, U+FF61), and those compatibility forms break into (leaders,
// ellipses, small and vertical forms).
const DOTS =
  '\\u00b7\\u0387\\u0660\\u06f0\\u0701\\u0702\\u1427\\u16eb\\u2022\\u2024-\\u2027\\u2219\\u22c5\\u2e31\\u3002\\u30fb\\ua4f8\\ua60e\\ua78f\\ufe12\\ufe19\\ufe30\\ufe52\\uff0e\\uff61\\uff65\\u{10101}\\u{10a50}\\u{1d16d}';
const LOOK_ALIKE_DOTS = /* @__PURE__ */ new RegExp(`[${DOTS}]`, 'gu');
// One token at a time: a blank (ends a URL), a path's start, an IPv6 literal, or a run of what
// host names are written in (letters, marks, digits, `-`, `_`, dots). Anything else (quotes,
// guillemets, dashes, ellipses, arrows, `*`, `|`, `@`, `:`) separates names.
const TOKEN = /* @__PURE__ */ new RegExp(
  `(\\s)|([/\\\\?#])|\\[([\\da-f:.]{2,45})\\]|([\\p{L}\\p{M}\\p{N}_.${DOTS}-]+)`,
  'giu',
);
const PORT = /:(\d+)/y;

/**
 * The hosts a link's text names, as a reader takes them: each host name (`paypal.com`, also
 * `«paypal。com»`, `.paypal.com`, `login_paypal.com`), IPv4 and IPv6 literal (`192.168.1.1`,
 * `[::1]`), `localhost` and a name with a port (`intranet:8443`), with its port. Either side of
 * user info counts (`paypal.com@evil.example` names both); what follows a host's `/`, `?` or `#`
 * up to the next blank is its path and names none. One pass over the text.
 */
export function namedHosts(text: string): NamedHost[] {
  const named: NamedHost[] = [];
  let inPath = false;
  // Where the last named host (and its port) ended: a path starts right there.
  let hostEnd = -1;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    if (match[1] !== undefined) {
      inPath = false;
      continue;
    }
    if (match[2] !== undefined) {
      if (match.index === hostEnd) inPath = true;
      continue;
    }
    const literal = match[3];
    if (literal !== undefined && !literal.includes(':')) {
      // `[dead.beef]` is no IPv6 literal: read what is inside as a name.
      TOKEN.lastIndex = match.index + 1;
      continue;
    }
    PORT.lastIndex = TOKEN.lastIndex;
    const port = PORT.exec(text)?.[1];
    if (port !== undefined) TOKEN.lastIndex = PORT.lastIndex;
    const host =
      literal === undefined
        ? hostName(match[4]!, port !== undefined)
        : `[${literal.toLowerCase()}]`;
    if (host === undefined || inPath) continue;
    named.push({ host, port });
    hostEnd = TOKEN.lastIndex;
  }
  return named;
}

/** A run of name characters as the host a reader takes it for, or `undefined` if none. */
function hostName(run: string, hasPort: boolean): string | undefined {
  // Compatibility forms read as what they stand for (`ｂａｎｋ`, `⒈`), look-alike dots as dots.
  const folded = /[^\u0000-\u007f]/.test(run)
    ? run.normalize('NFKC').replace(LOOK_ALIKE_DOTS, '.')
    : run;
  const name = folded.toLowerCase();
  // Dots around a name end a sentence or start nothing; each is read once.
  let start = 0;
  let end = name.length;
  while (start < end && name.charCodeAt(start) === 0x2e) start++;
  while (end > start && name.charCodeAt(end - 1) === 0x2e) end--;
  const host = name.slice(start, end);
  if (!host.includes('.')) {
    return host === 'localhost' || (hasPort && /\p{L}/u.test(host)) ? host : undefined;
  }
  // A name ending in a number is an IPv4 address to the URL parser; to a reader, four numbers.
  if (/^\d+$/.test(host.slice(host.lastIndexOf('.') + 1))) {
    return /^\d+(?:\.\d+){3}$/.test(host) ? host : undefined;
  }
  return host;
}
