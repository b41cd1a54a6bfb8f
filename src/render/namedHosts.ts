import { trimRun } from '../markdown/trimRun';

// One token at a time: a blank (ends a URL), a path's start, an IPv6 literal, or a run of what
// host names are written in: letters, marks, digits, `-`, `_`, `.`, and what reads as a full
// stop, which is any punctuation past ASCII that opens or closes nothing (`。`, `･`, `．`, `·`,
// `…`: Unicode's confusables of `.` and `·`, and the dots the URL parser maps to `.`) and the
// dot operators. A port after a name or literal is read with it (`localhost:8443`): it names
// that host, not another. Anything else (quotes, guillemets, brackets, dashes, arrows, `*`, `|`,
// `@`, `:`) separates names.
const TOKEN =
  /(\s)|([/\\?#])|\[(?=[\da-f.]*:)([\da-f:.]{2,45})\](?::\d+)?|((?:[\p{L}\p{M}\p{N}_.\u2219\u22c5-]|(?![\u0000-\u007f])\p{Po})+)(:\d+)?/giu;
// In a run, all but letters, marks, digits, `-` and `_` is a dot, and so are the few dots that are
// letters, marks or digits to Unicode (Arabic and Persian zero, the Canadian, Lisu and Latin
// sinological dots, the musical augmentation dot: a combining mark, so apart from the class).
const DOT = /[^\p{L}\p{M}\p{N}_-]|[\u0660\u06f0\u1427\ua4f8\ua78f]|\u{1d16d}/gu;

/**
 * The hosts a link's text names, as a reader takes them, each as written (lower-case, every
 * full-stop look-alike read as `.`): a host name (`paypal.com`, also `«paypal。com»`,
 * `.paypal.com`, `login_paypal.com`), an IPv4 or IPv6 literal (`192.168.1.1`, `[::1]`),
 * `localhost`, a name with a port (`intranet:8443`). Either side of user info counts
 * (`paypal.com@evil.example` names both); what follows a host's `/`, `?` or `#` up to the next
 * blank is its path and names none. One pass over the text.
 */
export function namedHosts(text: string): string[] {
  const named: string[] = [];
  let inPath = false;
  // Where the last named host (and its port) ended: a path starts right there.
  let hostEnd = -1;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    if (match[1]) {
      inPath = false;
      continue;
    }
    if (match[2]) {
      if (match.index === hostEnd) inPath = true;
      continue;
    }
    const literal = match[3];
    const host = literal ? `[${literal.toLowerCase()}]` : hostName(match[4]!, !!match[5]);
    if (host === undefined || inPath) continue;
    named.push(host);
    hostEnd = TOKEN.lastIndex;
  }
  return named;
}

/** A run of name characters as the host a reader takes it for, or `undefined` if none. */
function hostName(run: string, hasPort: boolean): string | undefined {
  // Compatibility forms read as what they stand for (`ｂａｎｋ`, `⒈`), look-alike dots as dots.
  const folded = /[^\u0000-\u007f]/.test(run) ? run.normalize('NFKC').replace(DOT, '.') : run;
  const name = folded.toLowerCase();
  // Dots around a name end a sentence or start nothing.
  const host = trimRun(name, (code) => code === 0x2e);
  if (!host.includes('.')) {
    return host === 'localhost' || (hasPort && /\p{L}/u.test(host)) ? host : undefined;
  }
  // A name ending in a number is an IPv4 address to the URL parser; to a reader, four numbers.
  return !/\.\d+$/.test(host) || /^\d+(?:\.\d+){3}$/.test(host) ? host : undefined;
}
