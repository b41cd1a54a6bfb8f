/** Characters at the end of the text read so far that are never shown: a secret or a tag may begin there. */
export const HOLD_WINDOW = 96;
/** The most characters ever held back; an undecided run longer than this is shown masked. */
export const HOLD_MAX = 128;
/**
 * How far back a tag still being written is looked for ({@link ProgressScanner.openMarkup}): the
 * longest markup the rules accept (a tool tag with 200 characters of attributes, ~250) written
 * four times as long (character references, escapes).
 */
export const MARKUP_REACH = 1024;

/** Where a progress view stops in a text, and what before that shows masked. */
export interface HoldBack {
  /** Characters before `cut` may be shown; the rest is held back (at most {@link HOLD_MAX}, or the window when larger). */
  readonly cut: number;
  /**
   * Undecided stretches too long to hold, shown masked until they are decided: an unbroken run
   * (`[start, end)` pairs, each ending at `cut`), a tag still being written.
   */
  readonly masks: readonly number[];
}

// Openers of reasoning and tool markup, and what decides them: until then a tag may be forming.
const OPENERS: Readonly<Record<string, string>> = { '<': '>', '[': ']', '◁': '▷', '{': ':}' };

/**
 * Decides how much of a text read so far a progress view may show. Held back: the last
 * {@link HOLD_WINDOW} characters (a leak rule or a tag decides within them); the unbroken run at
 * the end (a token, a key, a URL: it may still turn out to be a secret), an opened `<`, `[`, `◁`
 * or `{` that nothing has closed yet, and a tag still being written (`tagStart`, from
 * {@link ProgressScanner.openMarkup}) — each as long as it is within {@link HOLD_MAX} of the end.
 * A longer run or tag is masked up to the cut instead, so what is shown stays at most
 * {@link HOLD_MAX} behind and never shows an undecided run or tag. A run is what a scanner may
 * read as one token: it breaks at spaces and tabs within a line and at blank lines, not at a
 * single line break with the markers a reader skips around it ({@link runStart}).
 *
 * `window` replaces {@link HOLD_WINDOW} when the rules' lookarounds read further
 * ({@link ProgressScanner.window}; Infinity holds back everything). HOLD_MAX stays what decides
 * between holding and masking a run or tag: one starting within a window past HOLD_MAX is held
 * with the window, one starting before it is masked up to the cut, so neither is ever shown.
 */
export function holdBack(text: string, tagStart = -1, window = HOLD_WINDOW): HoldBack {
  const length = text.length;
  let cut = Math.max(0, length - window);
  const start = runStart(text, length);
  // Where stretches too long to hold start.
  const long: number[] = [];
  const undecided = (from: number) => {
    if (length - from <= HOLD_MAX) cut = Math.min(cut, from);
    else long.push(from);
  };
  undecided(start);
  // The last opener within reach with nothing after it that decides it.
  const closers = new Set<string>();
  for (let at = length - 1; at >= 0 && length - at <= HOLD_MAX; at--) {
    const char = text[at]!;
    const closer = OPENERS[char];
    if (closer === undefined) {
      closers.add(char);
      continue;
    }
    if (![...closer].some((each) => closers.has(each))) {
      cut = Math.min(cut, at);
      break;
    }
  }
  if (tagStart >= 0) undecided(tagStart);
  // Every mask runs up to the cut (what comes after it is not shown at all).
  const masks: number[] = [];
  for (const from of long) if (from < cut) masks.push(from, cut);
  return { cut, masks };
}

/**
 * The end of the strings read so far that {@link holdBack} needs, as one text, and where it
 * starts: at least {@link MARKUP_REACH} characters (at least `window`), and back to where the run
 * at its end starts (or the beginning), so a long run is masked from its start.
 */
export function tailOf(
  strings: readonly { readonly start: number; readonly text: string }[],
  window = HOLD_WINDOW,
): {
  readonly text: string;
  readonly start: number;
} {
  let text = '';
  let want = Math.max(MARKUP_REACH, window);
  for (let k = strings.length - 1; k >= 0; k--) {
    const entry = strings[k]!;
    text = entry.text + text;
    if (text.length < want) continue;
    // A start this far in leaves room for the markers of the line before it (see runStart).
    if (runStart(text, text.length) > MARKER_REACH) return { text, start: entry.start };
    // The run reaches back further: look again with twice the text (linear overall).
    want = 2 * text.length;
  }
  return { text, start: 0 };
}

/** The markers a reader skips at the start of a line (indentation, quotes, a list marker) are at most this long. */
const MARKER_REACH = 24;

/**
 * Where the run ending at `end` starts: back over every character that is not a blank or a line
 * break, and on across a line break when the blanks before it (a hard break's spaces, a
 * backslash) and the markers after it (indentation, `>` quotes, a list marker) are all that lies
 * between two lines: a scanner joins a hard-wrapped line to the next (CRLF, LF or CR), whatever
 * the markers. A blank line, or a blank within a line, ends it; blanks at the very end do not
 * (a line break may follow them).
 */
export function runStart(text: string, end: number): number {
  // Blanks at the very end may yet be a hard break's (`  \n`): they do not end the run yet.
  let at = end;
  while (at > 0 && isBlank(text.charCodeAt(at - 1))) at--;
  let lineEnd = at;
  for (;;) {
    while (at > 0 && !isBlank(text.charCodeAt(at - 1)) && !isLineBreak(text.charCodeAt(at - 1)))
      at--;
    if (at === 0) return 0;
    const before = lineBefore(text, at, lineEnd);
    if (before < 0) return at;
    at = lineEnd = before;
  }
}

/**
 * When `at` starts the content of a line (only markers between it and a line break; the content
 * ends at `lineEnd`), where the content of the line before it ends (past its trailing blanks and
 * backslash); -1 when a blank inside a line or a blank line is what precedes `at`, except where
 * the final scan may join across blank lines (lineBreaks.ts): a line of secret characters only
 * after them, and before them a line that ends in a piece of a secret ({@link endsInPiece}).
 */
function lineBefore(text: string, at: number, lineEnd: number): number {
  let from = at;
  while (from > 0 && at - from < MARKER_REACH && isMarker(text.charCodeAt(from - 1))) from--;
  if (from > 0 && !isLineBreak(text.charCodeAt(from - 1))) return -1;
  if (from === 0) return -1;
  // The line break: CRLF counts as one.
  let end = from - 1;
  if (text.charCodeAt(end) === 0x0a && end > 0 && text.charCodeAt(end - 1) === 0x0d) end--;
  // The line before, without the blanks and backslash of a hard break.
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  if (end > 0 && text.charCodeAt(end - 1) === 0x5c) end--;
  if (end > 0 && !isLineBreak(text.charCodeAt(end - 1))) return end;
  // Blank lines: the line before them, past their blanks.
  while (end > 0 && (isLineBreak(text.charCodeAt(end - 1)) || isBlank(text.charCodeAt(end - 1))))
    end--;
  if (end === 0 || !secretOnly(text, at, lineEnd) || !endsInPiece(text, end)) return -1;
  return end;
}

/** The characters secrets are written with (as cutsSecret.ts reads them: the views' chunk has no copy of the scanner). */
const SECRET = /^[A-Za-z0-9+/=_.:@?%&~$-]$/;
const isSecret = (text: string, at: number) => SECRET.test(text[at]!);
/** The end of a line before blank lines that may be a secret's piece: this many secret characters, or a line of them only. */
const MIN_PIECE = 6;

function secretOnly(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSecret(text, i)) return false;
  return true;
}

/** True when the content ending at `end` ends in {@link MIN_PIECE} secret characters, or is a line of them only. */
function endsInPiece(text: string, end: number): boolean {
  let at = end;
  while (at > 0 && end - at < MIN_PIECE && isSecret(text, at - 1)) at--;
  return end - at >= MIN_PIECE || at === 0 || isLineBreak(text.charCodeAt(at - 1));
}

/** A character of a line's leading markers: blanks, `>` quotes, list markers (`-`, `*`, `+`, `1.`, `1)`). */
function isMarker(code: number): boolean {
  return (
    isBlank(code) ||
    code === 0x3e ||
    code === 0x2d ||
    code === 0x2a ||
    code === 0x2b ||
    code === 0x2e ||
    code === 0x29 ||
    (code >= 0x30 && code <= 0x39)
  );
}

function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x85;
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x3000 || code === 0x2029 || code === 0xa0;
}
