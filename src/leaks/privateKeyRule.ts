import { isLetter } from './tokenChars';
import type { LeakRule, Span } from './leakRule';

// A header may be wrapped where it has a space, and a space lost where a hard wrap cut it and
// the scanner joined its lines.
const HEADER = /-----BEGIN[\sA-Z0-9]{0,40}PRIVATE\s{0,4}KEY(?:\s{0,4}BLOCK)?-----/y;
const FOOTER_START = '-----END';
const FOOTER = /-----END[\sA-Z0-9]{0,40}PRIVATE\s{0,4}KEY(?:\s{0,4}BLOCK)?-----/y;
/** What a key body is made of: base64, line breaks, and the `\n` escapes of a key pasted in JSON text. */
const BODY_CHAR = /[A-Za-z0-9+/=\s\\]/;
/** A real key body has far more than this; placeholders (`...`, `xxx`, a short sample) do not. */
const MIN_BODY = 64;

/**
 * PEM / OpenSSH / PGP private keys. A regex from BEGIN to END would rescan the rest of the text
 * for every BEGIN without an END (quadratic); this walks the text once with `indexOf`.
 */
export const privateKeyRule: LeakRule = {
  id: 'private-key',
  family: 'private-key',
  keywords: ['PRIVATE'],
  find: findPrivateKeys,
};

function* findPrivateKeys(text: string): Iterable<Span> {
  let from = 0;
  let footerless = false; // once no END follows, none follows any later BEGIN either
  for (;;) {
    const begin = text.indexOf('-----BEGIN', from);
    if (begin === -1) return;
    HEADER.lastIndex = begin;
    if (!HEADER.test(text)) {
      from = begin + 1;
      continue;
    }
    const bodyStart = HEADER.lastIndex;
    const footer = footerless ? -1 : text.indexOf(FOOTER_START, bodyStart);
    if (footer === -1) footerless = true;
    // Without a footer the key runs to the end of its base64 run.
    const bodyEnd = footer === -1 ? endOfBody(text, bodyStart) : footer;
    let end = bodyEnd;
    if (footer !== -1) {
      FOOTER.lastIndex = footer;
      end = FOOTER.test(text) ? FOOTER.lastIndex : footer + FOOTER_START.length;
    }
    if (countBodyChars(text, bodyStart, bodyEnd) >= MIN_BODY) yield [begin, end];
    from = Math.max(end, begin + 1);
  }
}

function endOfBody(text: string, start: number): number {
  let i = start;
  while (i < text.length && BODY_CHAR.test(text[i]!)) i++;
  return i;
}

function countBodyChars(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (isLetter(code) || (code >= 0x2f && code <= 0x39) || code === 0x2b) count++; // `/` and the digits
  }
  // "\n" escapes in JSON text contribute an "n" each; never enough to make a placeholder real.
  return count;
}
