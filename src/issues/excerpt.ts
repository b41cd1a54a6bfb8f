/** The most characters an excerpt quotes from a reply. */
export const EXCERPT_MAX = 32;

/** A run of characters between spaces, quotes and brackets: a word, a number, a token or a URL. */
const RUN = /[^\s"'`{}[\](),<>]{8,}/g;
/** Anything but letters: a run with a digit, a symbol or another script may be (part of) a secret. */
const NOT_WORD = /[^A-Za-z\u00c0-\u024f]|[a-z][A-Z]/;
/** Invisible and direction-changing characters are shown escaped, never acted on. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;

/**
 * Quotes a short, printable excerpt of `text` around `offset`, so that an issue message never
 * carries a whole reply. Control and invisible characters are escaped, and every run of eight or
 * more characters that is not a plain word (`mysql://root:pw@host/db`, a token, a number) is cut
 * to its first four, so an excerpt never carries a key, a token or a credential.
 */
export function excerpt(text: string, offset = 0, max = EXCERPT_MAX): string {
  const start = Math.max(0, Math.min(offset - (max >> 1), text.length - max));
  let end = Math.min(text.length, start + max);
  let from = start;
  // Never cut a surrogate pair in half: a low surrogate first, a high (0xd800-0xdbff) one last.
  if (isLowSurrogate(text.charCodeAt(from))) from++;
  if ((text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
  const cut = text
    .slice(from, end)
    .replace(RUN, (run) => (NOT_WORD.test(run) ? `${[...run].slice(0, 4).join('')}…` : run));
  const body = JSON.stringify(cut)
    .slice(1, -1)
    .replace(INVISIBLE, (char) =>
      char
        .split('')
        .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join(''),
    );
  return (from > 0 ? '…' : '') + body + (end < text.length ? '…' : '');
}

/** A UTF-16 low (trailing) surrogate: a unit of `charCodeAt`, NaN past the end. */
export function isLowSurrogate(code: number): boolean {
  return (code & 0xfc00) === 0xdc00;
}
