/** Characters at the end of the text read so far that are never shown: a secret or a tag may begin there. */
export const HOLD_WINDOW = 96;
/** The most characters ever held back; an undecided run longer than this is shown masked. */
export const HOLD_MAX = 128;

/** Where a progress view stops in the text read so far, and what before that shows masked. */
export interface HoldBack {
  /** Characters before `cut` may be shown; the rest is held back (at most {@link HOLD_MAX}). */
  readonly cut: number;
  /** An unbroken run too long to hold, shown masked until it ends: `[maskFrom, maskTo)`. */
  readonly maskFrom: number;
  readonly maskTo: number;
}

// Openers of reasoning and tool markup, and what decides them: until then a tag may be forming.
const OPENERS: Readonly<Record<string, string>> = { '<': '>', '[': ']', '◁': '▷', '{': ':}' };

/**
 * Decides how much of the text read so far a progress view may show. Held back: the last
 * {@link HOLD_WINDOW} characters (a leak rule or a tag decides within them); the unbroken run at
 * the end (a token, a key, a URL: it may still turn out to be a secret), and an opened `<`, `[`,
 * `◁` or `{` that nothing has closed yet (a tag may be forming) — each as long as it is within
 * {@link HOLD_MAX} of the end. A longer run is masked up to the window instead, so what is shown
 * stays at most {@link HOLD_MAX} behind and never shows an undecided run. Runs break at spaces,
 * tabs and blank lines; a single line break does not break one (a scanner joins wrapped lines).
 */
export function holdBack(text: string): HoldBack {
  const length = text.length;
  let cut = Math.max(0, length - HOLD_WINDOW);
  let start = length;
  while (start > 0 && !breaksRun(text, start - 1)) start--;
  let maskFrom = 0;
  let maskTo = 0;
  if (length - start <= HOLD_MAX) cut = Math.min(cut, start);
  else if (start < cut) {
    maskFrom = start;
    maskTo = cut;
  }
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
  return { cut, maskFrom, maskTo };
}

/**
 * The end of the strings read so far that {@link holdBack} needs, as one text, and where it
 * starts: at least {@link HOLD_MAX} + 2 characters, and back to the last place a run breaks (or
 * the beginning), so a long run is masked from its start.
 */
export function tailOf(strings: readonly { readonly start: number; readonly text: string }[]): {
  readonly text: string;
  readonly start: number;
} {
  let text = '';
  // Characters at the end already searched for a break.
  let searched = 0;
  for (let k = strings.length - 1; k >= 0; k--) {
    const entry = strings[k]!;
    text = entry.text + text;
    if (text.length < HOLD_MAX + 2) continue;
    for (let at = text.length - 1 - searched; at > 0; at--)
      if (breaksRun(text, at)) return { text, start: entry.start };
    searched = text.length - 1;
  }
  return { text, start: 0 };
}

function breaksRun(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code === 0x0a || code === 0x0d) {
    // A blank line breaks a run; one line break does not.
    const before = text.charCodeAt(at - 1);
    return before === 0x0a || before === 0x0d;
  }
  return code === 0x20 || code === 0x09 || code === 0x3000 || code === 0x2029 || code === 0xa0;
}
