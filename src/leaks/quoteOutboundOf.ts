import { LEAK_MASK } from './leakMask';
import type { LeakOptions } from './leakOptions';
import type { TextFinding } from './scanText';
import { scanTexts } from './scanTexts';

/**
 * quoteSource's bound (`QUOTE_SOURCE_MAX`), and its cut below, written here again on purpose: the
 * provider transports share quoteSource.ts, so a lazy chunk that imports it loads it as a chunk
 * of its own (130 B gz of { checkReply }). test/exits/quoteOutbound.test.ts pins the two alike.
 */
const SOURCE_MAX = 8192;
/** The most characters a quote shows when not told otherwise (`…` aside). */
export const QUOTE_MAX = 200;
/** A piece of a host's key (a literal without blanks) this long is masked wherever a quote has it. */
export const KEY_PIECE = 8;
/** The longest part of a literal whose pieces are looked for (keys are far shorter). */
const KEY_REACH = 1024;

/** How {@link quoteOutboundOf} quotes. */
export interface QuoteOptions {
  /** The most characters shown (default 200), `…` aside. */
  readonly max?: number | undefined;
  /** The scanner's options (host literals, rules, allow list, mask); `false` masks nothing. */
  readonly leaks?: LeakOptions | false | undefined;
}

/**
 * `quoteOutbound`, given the text's findings when the caller scanned it already (an issue's
 * message, scanned with the other texts of its issues): the text is then quoted as it is.
 */
export function quoteOutboundOf(
  text: string,
  options: QuoteOptions = {},
  found?: readonly TextFinding[],
): string {
  const leaks = options.leaks;
  const source =
    found === undefined && text.length > SOURCE_MAX ? `${text.slice(0, SOURCE_MAX)}…` : text;
  const max = Math.max(1, Math.min(options.max ?? QUOTE_MAX, SOURCE_MAX));
  if (leaks === false) return shorten(source, [], max, LEAK_MASK);
  const spans = [
    ...(found ?? scanTexts([source], leaks)[0]!),
    ...keyPieces(source, leaks?.literals),
  ];
  return shorten(source, union(spans), max, leaks?.mask ?? LEAK_MASK);
}

/**
 * Where a text holds a piece of {@link KEY_PIECE} or more characters of a literal that has no
 * blanks (a key, a password): an upstream that quotes a key in part ("Incorrect API key
 * provided: sk-proj-abcd…") hands that part on, which no whole-value match sees.
 */
export function keyPieces(text: string, literals: readonly string[] | undefined): TextFinding[] {
  if (!literals || literals.length === 0 || text.length < KEY_PIECE) return [];
  const grams = gramsOf(literals);
  if (grams.size === 0) return [];
  const found: TextFinding[] = [];
  let start = -1;
  let end = -1;
  for (let at = 0; at + KEY_PIECE <= text.length; at++) {
    if (!grams.has(text.slice(at, at + KEY_PIECE))) continue;
    if (at > end) {
      if (end >= 0) found.push({ rule: 'host-literal', start, end });
      start = at;
    }
    end = at + KEY_PIECE;
  }
  if (end >= 0) found.push({ rule: 'host-literal', start, end });
  return found;
}

// The pieces of a host's literals, kept while the host passes the same array.
const gramSets = new WeakMap<readonly string[], Set<string>>();

function gramsOf(literals: readonly string[]): Set<string> {
  let grams = gramSets.get(literals);
  if (grams) return grams;
  grams = new Set();
  for (const literal of literals) {
    if (literal.length < KEY_PIECE || /\s/.test(literal)) continue;
    const reach = Math.min(literal.length, KEY_REACH);
    for (let at = 0; at + KEY_PIECE <= reach; at++) grams.add(literal.slice(at, at + KEY_PIECE));
  }
  gramSets.set(literals, grams);
  return grams;
}

/** The spans' union, in order, none touching another. */
function union(spans: readonly TextFinding[]): TextFinding[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: TextFinding[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) {
      if (span.end > last.end) merged[merged.length - 1] = { ...last, end: span.end };
    } else merged.push(span);
  }
  return merged;
}

/**
 * The text with each span masked, then cut to `max` characters at a boundary the scanner saw:
 * never inside a mask (a mask that does not fit is left out whole), and never inside a run of
 * token characters (a run the cut would split is left out whole, so no unrecognised secret leaves
 * in part either). A cut text ends with `…`.
 */
function shorten(text: string, spans: readonly TextFinding[], max: number, mask: string): string {
  let out = '';
  let at = 0;
  for (const span of [...spans, { rule: '', start: text.length, end: text.length }]) {
    const plain = text.slice(at, span.start);
    if (out.length + plain.length > max) return `${out}${cutRun(plain, max - out.length)}…`;
    out += plain;
    if (span.end > span.start) {
      if (out.length + mask.length > max) return `${out}…`;
      out += mask;
    }
    at = span.end;
  }
  return out;
}

/** Characters that end a run: blanks, quotes, brackets and list punctuation. */
const SEPARATOR = /[\s"'`{}[\](),;<>]/;

/** The first `room` characters of a text, less the run the cut would split. */
function cutRun(text: string, room: number): string {
  let cut = room;
  if (cut > 0 && !SEPARATOR.test(text[cut - 1]!) && !SEPARATOR.test(text[cut]!))
    while (cut > 0 && !SEPARATOR.test(text[cut - 1]!)) cut--;
  return text.slice(0, cut);
}
