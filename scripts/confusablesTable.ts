// The look-alike table of the leak scanner, derived from Unicode's confusables.txt (UTS #39) as
// the unhomoglyph package ships it (data.json: each source character → its prototype). Used by
// scripts/generate-confusables.ts to write src/leaks/confusables.generated.ts, and by the drift
// test that fails when the two disagree.

/** The ASCII characters secrets and rule keywords are written in: what a look-alike may read as. */
const TARGETS = /[A-Za-z0-9_\-.:/+=~]/;

/** Digits of the delta encoding: printable ASCII that is no target (and needs no escape in a TS string). */
export const DELTA_DIGITS = "!#$%&()*,;<>?@[]^{|}'";

/**
 * The table as one string: for each source character, in code point order, the distance from
 * the previous one in base `DELTA_DIGITS.length` (most significant digit first), then the ASCII
 * character it reads as. Kept: single code points above ASCII whose skeleton is the skeleton of
 * a target character, except those NFKC already turns into ASCII (the scanner applies NFKC
 * itself). Where a skeleton stands for several targets (`l` for l, I, 1 and |; `O` for O and 0),
 * the source's own category decides: an upper-case letter reads as I or O, a digit as 1 or 0,
 * anything else as the prototype.
 */
export function confusablesTable(data: Readonly<Record<string, string>>): string {
  const skeleton = (text: string) => [...text].map((char) => data[char] ?? char).join('');
  const bySkeleton = new Map<string, string[]>();
  for (let code = 0x21; code < 0x7f; code++) {
    const char = String.fromCharCode(code);
    if (!TARGETS.test(char)) continue;
    const key = skeleton(char);
    bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), char]);
  }
  const entries: [number, string][] = [];
  for (const [source, prototype] of Object.entries(data)) {
    const code = source.codePointAt(0)!;
    if ([...source].length !== 1 || code < 0x80) continue;
    const candidates = bySkeleton.get(prototype);
    if (!candidates) continue;
    if (/^[\x21-\x7e]+$/.test(source.normalize('NFKC'))) continue;
    entries.push([code, pick(source, candidates, prototype)]);
  }
  entries.sort((a, b) => a[0] - b[0]);
  const base = DELTA_DIGITS.length;
  let out = '';
  let previous = 0;
  for (const [code, target] of entries) {
    let delta = code - previous;
    let digits = '';
    do {
      digits = DELTA_DIGITS[delta % base]! + digits;
      delta = Math.floor(delta / base);
    } while (delta > 0);
    out += digits + target;
    previous = code;
  }
  return out;
}

function pick(source: string, candidates: readonly string[], prototype: string): string {
  if (candidates.length === 1) return candidates[0]!;
  const upper = /\p{Lu}|\p{Lt}/u.test(source);
  const digit = /\p{N}/u.test(source);
  if (candidates.includes('I') && upper) return 'I';
  if (candidates.includes('1') && digit) return '1';
  if (candidates.includes('0') && digit) return '0';
  if (candidates.includes(prototype)) return prototype;
  throw new Error(
    `no reading for U+${source.codePointAt(0)!.toString(16)} among ${candidates.join('')}`,
  );
}
