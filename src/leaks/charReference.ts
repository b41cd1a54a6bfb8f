// The named character references a secret or a tag can be spelled with: every name whose
// character is ASCII or reads as ASCII (Greek and Cyrillic look-alikes, invisible characters,
// spaces, dashes). Mathematical letters (&Afr; &Aopf; &Ascr;) are decoded by their pattern.
// Names outside this table are left as written: they cannot spell an ASCII secret.
const NAMED =
  'Tab:\t NewLine:\n excl:! quot:" QUOT:" num:# dollar:$ percnt:% amp:& AMP:& apos:\' lpar:( rpar:) ast:* midast:* ' +
  'plus:+ comma:, period:. sol:/ colon:: semi:; lt:< LT:< equals:= gt:> GT:> quest:? commat:@ lsqb:[ lbrack:[ ' +
  'bsol:\\ rsqb:] rbrack:] Hat:^ lowbar:_ UnderBar:_ grave:` DiacriticalGrave:` lcub:{ lbrace:{ verbar:| vert:| ' +
  'VerticalLine:| rcub:} rbrace:} fjlig:fj nbsp:\u00a0 NonBreakingSpace:\u00a0 ensp:\u2002 emsp:\u2003 thinsp:\u2009 ' +
  'shy:\u00ad zwj:\u200d zwnj:\u200c lrm:\u200e rlm:\u200f ZeroWidthSpace:\u200b NoBreak:\u2060 af:\u2061 it:\u2062 ' +
  'InvisibleTimes:\u2062 ic:\u2063 InvisibleComma:\u2063 NegativeVeryThinSpace:\u200b NegativeThinSpace:\u200b ' +
  'NegativeMediumSpace:\u200b NegativeThickSpace:\u200b hyphen:\u2010 dash:\u2010 minus:\u2212 ' +
  'Alpha:Α alpha:α Beta:Β Epsilon:Ε Zeta:Ζ Eta:Η Iota:Ι iota:ι Kappa:Κ kappa:κ Mu:Μ Nu:Ν nu:ν Omicron:Ο omicron:ο ' +
  'Rho:Ρ rho:ρ Tau:Τ Upsilon:Υ upsilon:υ upsi:υ Chi:Χ Acy:А acy:а Vcy:В IEcy:Е iecy:е Kcy:К Mcy:М Ncy:Н Ocy:О ocy:о ' +
  'Rcy:Р rcy:р Scy:С scy:с Tcy:Т Ucy:У ucy:у KHcy:Х khcy:х DScy:Ѕ dscy:ѕ Iukcy:І iukcy:і Jsercy:Ј jsercy:ј ' +
  'imath:ı inodot:ı jmath:ȷ ell:ℓ';

let named: Map<string, string> | undefined;

function namedReference(name: string): string | undefined {
  if (!named) {
    named = new Map();
    for (const entry of NAMED.split(' ')) {
      const colon = entry.indexOf(':');
      named.set(entry.slice(0, colon), entry.slice(colon + 1));
    }
  }
  return named.get(name) ?? /^([A-Za-z])(?:fr|opf|scr)$/.exec(name)?.[1];
}

const REFERENCE = /&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/y;

/** A decoded character reference: its text and how many characters of the source it took. */
export interface DecodedReference {
  readonly text: string;
  readonly length: number;
}

/**
 * Decodes the character reference that starts at `at` (`&#x41;`, `&#65;`, `&colon;`) the way a
 * CommonMark renderer does: numeric references to any code point (0 and invalid ones read as
 * U+FFFD), named ones from the table above. Undefined when none starts there.
 */
export function decodeCharReference(text: string, at: number): DecodedReference | undefined {
  REFERENCE.lastIndex = at;
  const match = REFERENCE.exec(text);
  if (!match) return undefined;
  const length = match[0].length;
  if (match[3] !== undefined) {
    const value = namedReference(match[3]);
    return value === undefined ? undefined : { text: value, length };
  }
  const code = match[1] !== undefined ? parseInt(match[1], 16) : parseInt(match[2]!, 10);
  const valid = code !== 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return { text: valid ? String.fromCodePoint(code) : '\ufffd', length };
}
