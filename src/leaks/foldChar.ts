import { INVISIBLE_CONTROLS } from '../text/hiddenCharacters';
import { CONFUSABLES } from './confusables.generated';

// Look-alikes beyond UTS #39's table (or read otherwise than its prototype): letters a reader
// takes for these ASCII characters. Pairs: look-alike, then what it reads as.
const MORE_CONFUSABLES = 'ҺHԚQκkϵeȷjꞮIꓲIӀlӏl‧.‚,';
// The digits of the generated table's delta encoding (scripts/confusablesTable.ts).
const DELTA_DIGITS = "!#$%&()*,;<>?@[]^{|}'";

let confusables: Map<number, string> | undefined;

function confusableOf(code: number): string | undefined {
  if (!confusables) {
    confusables = new Map();
    let at = 0;
    let delta = 0;
    for (let i = 0; i < CONFUSABLES.length; i++) {
      const digit = DELTA_DIGITS.indexOf(CONFUSABLES[i]!);
      if (digit >= 0) {
        delta = delta * DELTA_DIGITS.length + digit;
        continue;
      }
      at += delta;
      delta = 0;
      confusables.set(at, CONFUSABLES[i]!);
    }
    const pairs = [...MORE_CONFUSABLES];
    for (let i = 0; i + 1 < pairs.length; i += 2)
      confusables.set(pairs[i]!.codePointAt(0)!, pairs[i + 1]!);
  }
  return confusables.get(code);
}

const DEFAULT_IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
// Built in a pure call, so a bundle that never folds drops it (see removeHiddenCharacters.ts).
const INVISIBLE = /* @__PURE__ */ (() => new RegExp(`^[${INVISIBLE_CONTROLS}]$`))();
const MARK = /^[\p{Mn}\p{Me}]$/u;
const HAS_ASCII = /[\x21-\x7e]/;

/** A combining mark: dropped when it follows a Latin letter or digit (an accent on a token). */
export const MARK_FOLD = '\u0301';

// One code point's fold, memoised: `null` keeps it, '' drops it, MARK_FOLD is a mark.
const cache = new Map<number, string | null>();

/**
 * What one code point reads as in the scanned view of a text: `null` when it stays itself, `''`
 * when it displays as nothing (default-ignorable: zero-width, soft hyphen, bidi controls,
 * variation selectors, tags, fillers; and the invisible controls of hiddenCharacters.ts),
 * `MARK_FOLD` for a combining mark, else the ASCII it reads as (UTS #39's confusables of ASCII
 * letters, digits and token punctuation — Cyrillic, Greek, Armenian, Cherokee, Lisu, Latin
 * forms —, then NFKC: full-width, mathematical, compatibility forms).
 */
export function foldCodePoint(code: number): string | null {
  let folded = cache.get(code);
  if (folded === undefined) {
    folded = computeFold(code);
    cache.set(code, folded);
  }
  return folded;
}

function computeFold(code: number): string | null {
  const char = String.fromCodePoint(code);
  if (DEFAULT_IGNORABLE.test(char) || INVISIBLE.test(char)) return '';
  if (MARK.test(char)) return MARK_FOLD;
  const confusable = confusableOf(code);
  if (confusable !== undefined) return confusable;
  const normal = char.normalize('NFKC');
  if (normal === char) return null;
  let out = '';
  for (const part of normal) {
    const partCode = part.codePointAt(0)!;
    out +=
      partCode < 0x80
        ? part
        : (confusableOf(partCode) ??
          (DEFAULT_IGNORABLE.test(part) || INVISIBLE.test(part) ? '' : part));
  }
  // Only what becomes ASCII (or nothing) changes what a rule can see; a long expansion is prose.
  if (out.length > 8 || (out !== '' && !HAS_ASCII.test(out))) return null;
  return out;
}

// BMP code units: 0 unknown, 1 stays, 2 folds (or is dropped), 3 is a mark.
const kinds = /* @__PURE__ */ new Uint8Array(0x10000);

/** How a BMP code unit folds, memoised in a flat table for the scanner's first pass: 1 stays, 2 folds, 3 is a mark. */
export function foldKind(code: number): number {
  let kind = kinds[code]!;
  if (kind === 0) {
    const folded = code >= 0xd800 && code <= 0xdfff ? null : foldCodePoint(code);
    kind = folded === null ? 1 : folded === MARK_FOLD ? 3 : 2;
    kinds[code] = kind;
  }
  return kind;
}
