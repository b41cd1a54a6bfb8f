import { RegExpParser } from '@eslint-community/regexpp';
import type {
  Alternative,
  CharacterClass,
  CharacterSet,
  Element,
} from '@eslint-community/regexpp/ast';

/** A pattern in RE2's syntax with the ECMAScript meaning, or why it has none. */
export type TranslatedPattern =
  { readonly ok: true; readonly re2: string } | { readonly ok: false; readonly reason: string };

/** The largest count RE2 repeats (`{n,m}`). */
const MAX_REPEAT = 1000;
const MAX_CODE_POINT = 0x10ffff;

type Ranges = readonly (readonly [number, number])[];

// The character sets of Unicode mode without `i`, by the ECMAScript definitions: RE2's `\s` and
// `.` differ (its `\s` is ASCII only, its `.` stops at \n alone), so each is spelled out.
const DIGIT: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** WhiteSpace and LineTerminator: TAB..CR, SPACE, NBSP, the other Zs, LS, PS, ZWNBSP. */
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

/** General_Category values by their long names (and ECMAScript's aliases) → RE2's short names. */
const CATEGORIES: Readonly<Record<string, string>> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

/**
 * The binary properties RE2JS knows with the same code points as ECMAScript (compared over every
 * code point: test/schema/translatePattern.test.ts), by their names and aliases.
 */
const BINARY: Readonly<Record<string, string>> = {
  Alphabetic: 'Alphabetic',
  Alpha: 'Alphabetic',
  ASCII_Hex_Digit: 'ASCII_Hex_Digit',
  AHex: 'ASCII_Hex_Digit',
  Dash: 'Dash',
  Emoji: 'Emoji',
  Emoji_Component: 'Emoji_Component',
  EComp: 'Emoji_Component',
  Emoji_Modifier: 'Emoji_Modifier',
  EMod: 'Emoji_Modifier',
  Emoji_Modifier_Base: 'Emoji_Modifier_Base',
  EBase: 'Emoji_Modifier_Base',
  Emoji_Presentation: 'Emoji_Presentation',
  EPres: 'Emoji_Presentation',
  Extended_Pictographic: 'Extended_Pictographic',
  ExtPict: 'Extended_Pictographic',
  Hex_Digit: 'Hex_Digit',
  Hex: 'Hex_Digit',
  Lowercase: 'Lowercase',
  Lower: 'Lowercase',
  Math: 'Math',
  Quotation_Mark: 'Quotation_Mark',
  QMark: 'Quotation_Mark',
  Terminal_Punctuation: 'Terminal_Punctuation',
  Term: 'Terminal_Punctuation',
  Uppercase: 'Uppercase',
  Upper: 'Uppercase',
  White_Space: 'White_Space',
  space: 'White_Space',
};

/** Rejections, as the message says them. */
class Unsupported extends Error {}

/**
 * Translates a pattern (ECMAScript, Unicode mode, as JSON Schema reads it) into RE2's syntax with
 * the same matches, for a linear-time engine. What such an engine cannot do is refused with the
 * reason: backreferences, lookaround, modifiers, counts over 1000, and Unicode properties other
 * than General_Category, Script (by its long name), Any, ASCII, Assigned and the binary ones in
 * BINARY. The pattern must
 * already compile as an ECMAScript `RegExp` with the `u` flag.
 */
export function translatePattern(source: string): TranslatedPattern {
  try {
    const pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, {
      unicode: true,
    });
    return { ok: true, re2: alternatives(pattern.alternatives) };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.message };
    return { ok: false, reason: 'its syntax is not read by the linear-time engine' };
  }
}

function alternatives(list: readonly Alternative[]): string {
  return list.map((alternative) => alternative.elements.map(element).join('')).join('|');
}

function element(node: Element): string {
  switch (node.type) {
    case 'Character':
      return literal(node.value);
    case 'CharacterSet':
      return characterSet(node);
    case 'CharacterClass':
      return characterClass(node);
    case 'Group':
      if (node.modifiers) throw new Unsupported('modifiers such as (?i:…) are not supported');
      return `(?:${alternatives(node.alternatives)})`;
    case 'CapturingGroup':
      // Only whether it matches counts: every group is a plain one.
      return `(?:${alternatives(node.alternatives)})`;
    case 'Quantifier':
      return `(?:${element(node.element)})${quantifier(node.min, node.max)}`;
    case 'Assertion':
      switch (node.kind) {
        case 'start':
          return '^';
        case 'end':
          return '$';
        case 'word':
          // ECMAScript's \b without `i` is ASCII, as RE2's is.
          return node.negate ? '\\B' : '\\b';
        case 'lookahead':
          throw new Unsupported('a lookahead ((?=…) or (?!…)) needs a backtracking engine');
        default:
          throw new Unsupported('a lookbehind ((?<=…) or (?<!…)) needs a backtracking engine');
      }
    case 'Backreference':
      throw new Unsupported('a backreference (\\1, \\k<name>) needs a backtracking engine');
    default:
      throw new Unsupported('its syntax is not read by the linear-time engine');
  }
}

function quantifier(min: number, max: number): string {
  if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT))
    throw new Unsupported(`a count over ${MAX_REPEAT} ({n,m}) is not supported`);
  if (max === Infinity) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === 0 && max === 1) return '?';
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

function literal(codePoint: number): string {
  const alnum =
    (codePoint >= 0x30 && codePoint <= 0x39) ||
    (codePoint >= 0x41 && codePoint <= 0x5a) ||
    (codePoint >= 0x61 && codePoint <= 0x7a);
  return alnum ? String.fromCodePoint(codePoint) : hex(codePoint);
}

const hex = (codePoint: number) => `\\x{${codePoint.toString(16)}}`;

function rangesText(ranges: Ranges): string {
  return ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
}

/** Every code point not in `ranges` (sorted, disjoint). */
function complement(ranges: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** `.`, `\d` `\s` `\w` and their negations, `\p{…}` `\P{…}`: as a class's members (no brackets). */
function setMembers(node: CharacterSet): string {
  switch (node.kind) {
    case 'any':
      return rangesText(complement(LINE_TERMINATORS));
    case 'digit':
      return rangesText(node.negate ? complement(DIGIT) : DIGIT);
    case 'space':
      return rangesText(node.negate ? complement(SPACE) : SPACE);
    case 'word':
      return rangesText(node.negate ? complement(WORD) : WORD);
    default:
      return property(node.key, node.value, node.negate);
  }
}

function characterSet(node: CharacterSet): string {
  return `[${setMembers(node)}]`;
}

function characterClass(node: CharacterClass): string {
  let members = '';
  for (const member of node.elements) {
    if (member.type === 'Character') members += hex(member.value);
    else if (member.type === 'CharacterClassRange')
      members += `${hex(member.min.value)}-${hex(member.max.value)}`;
    else if (member.type === 'CharacterSet') members += setMembers(member);
    else throw new Unsupported('its syntax is not read by the linear-time engine');
  }
  // RE2 has no empty class: [] matches nothing, [^] anything.
  if (members === '')
    return node.negate
      ? `[${hex(0)}-${hex(MAX_CODE_POINT)}]`
      : `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
  return node.negate ? `[^${members}]` : `[${members}]`;
}

/** A Unicode property escape, as a class's members. */
function property(key: string, value: string | null, negate: boolean): string {
  const p = negate ? '\\P' : '\\p';
  if (value === null) {
    if (key === 'Any') return `${p}{Any}`;
    if (key === 'ASCII') return rangesText(negate ? complement([[0, 0x7f]]) : [[0, 0x7f]]);
    if (key === 'Assigned') return negate ? '\\p{Cn}' : '\\P{Cn}';
    if (Object.hasOwn(BINARY, key)) return `${p}{${BINARY[key]!}}`;
    throw new Unsupported(`the Unicode property \\p{${key}} is not supported`);
  }
  if (key === 'General_Category' || key === 'gc')
    return `${p}{${Object.hasOwn(CATEGORIES, value) ? CATEGORIES[value]! : value}}`;
  if (key === 'Script' || key === 'sc') {
    // RE2 knows scripts by their long names; a short one (Grek) fails to compile, and is refused.
    return `${p}{${value}}`;
  }
  throw new Unsupported(`the Unicode property \\p{${key}=…} is not supported`);
}
