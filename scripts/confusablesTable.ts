// The look-alike table of the leak scanner, derived from Unicode's confusables.txt (UTS #39) as
// the unhomoglyph package ships it (data.json: each source character → its prototype). Used by
// scripts/generate-confusables.ts to write src/leaks/confusables.generated.ts, and by the drift
// test that fails when the two disagree.

/** The ASCII characters secrets and rule keywords are written in: what a look-alike may read as. */
const TARGETS = /[A-Za-z0-9_\-.:/+=~]/;

/** Digits of the delta encoding: printable ASCII that is no target (and needs no escape in a TS string). */
export const DELTA_DIGITS = "!#$%&()*,;<>?@[]^{|}'";

/**
 * Look-alikes of letters and digits that confusables.txt (as unhomoglyph ships it) does not list,
 * or lists only as a look-alike of another non-ASCII letter: pairs of a character and what a
 * reader takes it for. Latin small capitals read as their capital (`ᴀ` in `ᴀKIA…`); Coptic's
 * Alfa and Vida are drawn as A and B; Runic Berkanan and Raido as B and R; Greek small tau and
 * the two small Greek letters drawn like capitals; the negative circled and squared capitals of
 * the enclosed alphanumerics (ranges below) as their letters.
 */
const SUPPLEMENT = 'ᴀAʙBᴅDᴇEꜰFɢGʜHᴊJᴋKʟLᴍMɴNᴘPꞯQʀRᴛTʏYᴩPⲀAⲂBᛒBᚱRτTϐBϻM';
/** Ranges of consecutive capitals: first code point, the letter it reads as, how many. */
const SUPPLEMENT_RANGES: readonly [number, string, number][] = [
  [0x1f150, 'A', 26], // negative circled Latin capitals
  [0x1f170, 'A', 26], // negative squared Latin capitals
];
/**
 * Scripts whose small letters are their capitals drawn small (Cherokee, Coptic, Cyrillic's
 * `в н т к м`, Latin's small capitals, Deseret, Osage, Warang Citi): a small letter with no
 * reading of its own reads as its capital does. (Not Greek: `η` and `μ` read as n and u, not H
 * and M.)
 */
const SMALL_AS_CAPITAL =
  /^[\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Cyrillic}\p{Script=Latin}\p{Script=Deseret}\p{Script=Osage}\p{Script=Warang_Citi}]$/u;
const LETTER_OR_DIGIT = /^[A-Za-z0-9]$/;

/**
 * The table as one string: for each source character, in code point order, the distance from
 * the previous one in base `DELTA_DIGITS.length` (most significant digit first), then the ASCII
 * character it reads as. Kept: single code points above ASCII whose skeleton is the skeleton of
 * a target character, except those NFKC already turns into ASCII (the scanner applies NFKC
 * itself). Where a skeleton stands for several targets (`l` for l, I, 1 and |; `O` for O and 0),
 * the source's own category decides: an upper-case letter reads as I or O, a digit as 1 or 0,
 * anything else as the prototype. Then the letters and digits the data leaves out: the
 * `SUPPLEMENT`, the sources whose prototype is one of those (`τ` → `ᴛ` → T), and the small
 * letters of `SMALL_AS_CAPITAL` scripts whose capital has a reading.
 */
export function confusablesTable(
  data: Readonly<Record<string, string>>,
  withSupplement = true,
): string {
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
  if (withSupplement) supplement(data, entries);
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

/** Adds the letters and digits confusables.txt leaves out (see `SUPPLEMENT`, `SMALL_AS_CAPITAL`). */
function supplement(data: Readonly<Record<string, string>>, entries: [number, string][]): void {
  const reading = new Map(entries);
  const add = (code: number, target: string) => {
    if (reading.has(code) || /^[\x21-\x7e]+$/.test(String.fromCodePoint(code).normalize('NFKC')))
      return;
    reading.set(code, target);
    entries.push([code, target]);
  };
  const pairs = [...SUPPLEMENT];
  for (let i = 0; i + 1 < pairs.length; i += 2) add(pairs[i]!.codePointAt(0)!, pairs[i + 1]!);
  for (const [first, letter, count] of SUPPLEMENT_RANGES)
    for (let k = 0; k < count; k++) add(first + k, String.fromCharCode(letter.charCodeAt(0) + k));
  // A look-alike of a supplemented character: `τ` is listed as `ᴛ`, `ᴩ` as `ᴘ`.
  for (const [source, prototype] of Object.entries(data)) {
    if ([...source].length !== 1 || [...prototype].length !== 1) continue;
    const target = reading.get(prototype.codePointAt(0)!);
    if (target !== undefined && LETTER_OR_DIGIT.test(target)) add(source.codePointAt(0)!, target);
  }
  for (let code = 0x80; code <= 0x1ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    if (!/^\p{Ll}$/u.test(char) || !SMALL_AS_CAPITAL.test(char)) continue;
    const capital = char.toUpperCase();
    if ([...capital].length !== 1 || capital === char) continue;
    const target = reading.get(capital.codePointAt(0)!);
    if (target !== undefined && LETTER_OR_DIGIT.test(target)) add(code, target);
  }
}
