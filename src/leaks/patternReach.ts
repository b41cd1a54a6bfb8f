/**
 * How far a pattern's matches reach: at most `length` code units (Infinity when unbounded); its
 * lookarounds read at most `around` before a match's start or past its end.
 */
export interface PatternReach {
  readonly length: number;
  readonly around: number;
}

const reaches = new WeakMap<RegExp, PatternReach>();

/**
 * The longest match a regex can make, read from its source: a sum over a sequence, the longest
 * alternative, a quantifier's upper bound (unbounded: Infinity), one unit per character or
 * class (two with the `u` or `v` flag; a `v` class of strings is unbounded), nothing for
 * assertions; a back-reference is unbounded. `around` sums every lookaround's length: each reads
 * no further than its own length from where it stands, which is inside the match or inside a
 * lookaround it is nested in, so the sum bounds any chain of them either way. An
 * overestimate is safe (a joined view reads more of the text than needed); the scanner never
 * relies on an underestimate.
 */
export function patternReach(pattern: RegExp): PatternReach {
  let reach = reaches.get(pattern);
  if (!reach) {
    const { source } = pattern;
    // `v` is `u` with set notation (its `unicode` reads false), where a class nests and may hold
    // strings (`\q{…}`, a property like `\p{RGI_Emoji}`): such a pattern is not read here.
    const sets = pattern.flags.includes('v');
    const parser = { source, at: 0, unit: pattern.unicode || sets ? 2 : 1, around: 0 };
    const length = alternatives(parser);
    const unread = parser.at < source.length || (sets && /\\[pq]|\[[^\]]*\[/.test(source));
    // Unread, its lookarounds (if it has any) read without bound too.
    reach = unread
      ? { length: Infinity, around: /\(\?<?[=!]/.test(source) ? Infinity : 0 }
      : { length, around: parser.around };
    reaches.set(pattern, reach);
  }
  return reach;
}

interface Parser {
  readonly source: string;
  at: number;
  readonly unit: number;
  around: number;
}

/** Alternatives up to a closing parenthesis (not consumed) or the end. */
function alternatives(p: Parser): number {
  let longest = 0;
  for (;;) {
    longest = Math.max(longest, sequence(p));
    if (p.source[p.at] !== '|') return longest;
    p.at++;
  }
}

function sequence(p: Parser): number {
  let total = 0;
  while (p.at < p.source.length && p.source[p.at] !== '|' && p.source[p.at] !== ')') {
    const length = atom(p);
    total += quantified(p, length);
  }
  return total;
}

/** One atom's longest match. */
function atom(p: Parser): number {
  const char = p.source[p.at++]!;
  switch (char) {
    case '^':
    case '$':
      return 0;
    case '\\':
      return escape(p);
    case '[':
      while (p.at < p.source.length && p.source[p.at] !== ']')
        p.at += p.source[p.at] === '\\' ? 2 : 1;
      p.at++;
      return p.unit;
    case '(': {
      const kind = p.source.slice(p.at, p.at + 3);
      // A lookahead or lookbehind: `(?=`, `(?!`, `(?<=`, `(?<!`.
      const lookaround = /^\?<?[=!]/.exec(kind);
      if (lookaround) p.at += lookaround[0].length;
      else if (kind.startsWith('?:')) p.at += 2;
      else if (kind.startsWith('?<'))
        p.at = p.source.indexOf('>', p.at) + 1; // a named group
      else if (kind[0] === '?') p.at = p.source.indexOf(':', p.at) + 1; // flags: `(?i:…)`, `(?-i:…)`
      const length = alternatives(p);
      p.at++; // ')'
      if (lookaround) p.around += length;
      return lookaround ? 0 : length;
    }
    default:
      // Under `u`/`v` a character may be a surrogate pair that a quantifier repeats whole.
      return p.unit;
  }
}

function escape(p: Parser): number {
  const char = p.source[p.at++]!;
  if (/b/i.test(char)) return 0;
  if (/[1-9k]/.test(char)) return Infinity; // a back-reference
  // `\u{…}` and `\p{…}` only with `u` or `v`: without them `\u{3}` is three `u`s.
  if (p.unit > 1 && /[upP]/.test(char) && p.source[p.at] === '{') {
    p.at = p.source.indexOf('}', p.at) + 1;
  } else if (char === 'u' || char === 'x') {
    // Its hex digits; without all of them (no `u` flag) the letter is itself.
    const digits = char === 'u' ? 4 : 2;
    const hex = p.source.slice(p.at, p.at + digits);
    if (hex.length === digits && !/[^\da-f]/i.test(hex)) p.at += digits;
  } else if (char === 'c') {
    // `\cJ` is one character; without a letter (no `u` flag) `\c` is the two as written.
    if (!/[a-z]/i.test(p.source[p.at] ?? '')) return 2;
    p.at++;
  }
  return p.unit;
}

const QUANTIFIER = /\{(\d+)(,(\d*))?\}/y;

/** An atom's length under the quantifier that may follow it. */
function quantified(p: Parser, length: number): number {
  const char = p.source[p.at];
  let times = 1;
  if (char === '*' || char === '+') {
    p.at++;
    times = Infinity;
  } else if (char === '?') {
    p.at++;
  } else if (char === '{') {
    QUANTIFIER.lastIndex = p.at;
    const match = QUANTIFIER.exec(p.source);
    if (!match) return length; // a literal brace
    p.at = QUANTIFIER.lastIndex;
    times = match[2] === undefined ? Number(match[1]) : match[3] ? Number(match[3]) : Infinity;
  } else return length;
  if (p.source[p.at] === '?') p.at++; // lazy
  return length === 0 || times === 0 ? 0 : length * times;
}
