/** A span `[start, end)` of UTF-16 offsets inside one string. */
export type Span = readonly [start: number, end: number];

/**
 * One detection rule of the outbound leak scanner.
 *
 * A rule runs only when one of its `keywords` occurs in the text: the scanner's first pass finds
 * every keyword of a rule set in one loop over the text (an automaton built once per set), and an
 * anchored rule runs only where one starts. Keywords match in any letter case exactly when the rule does
 * (its pattern has the `i` flag, or `ignoreCase`). It finds spans either with a global `pattern`
 * (the secret is the named group `secret`, or the whole match) or with a `find` function for
 * what a regex cannot do in linear time.
 */
export interface LeakRule {
  /** A stable id, reported in findings: `github-token`, `private-key`, … */
  readonly id: string;
  /** The provider or kind the rule belongs to. */
  readonly family: string;
  /** Substrings one of which must occur for the rule to run (in any case when the rule ignores case); empty runs it always. */
  readonly keywords: readonly string[];
  /** Keywords match in any letter case; defaults to the pattern's `i` flag. */
  readonly ignoreCase?: boolean;
  /** Substrings (case-sensitive) that must all occur as well. */
  readonly requires?: readonly string[];
  /**
   * A regex (add `d` when it has a `secret` group). Must run in linear time. The scanner runs a
   * copy whatever its own `g`/`y` (sticky for an anchored rule, global otherwise): it sets where
   * each search starts, and the host's regex is left as it is.
   *
   * Lookarounds may read past the match. The scanner also reads a text as the reader sees it
   * (look-alikes and references decoded, wrapped lines and two strings cut in a word joined), in
   * windows that give a match 64 characters around it; a rule set whose lookarounds read further
   * (their lengths summed, an unbounded one without end) has each of those views made of the whole
   * text, at the cost of reading it again per view. A streamed reply's progress views hold back
   * as far as the lookarounds read (all of the text read so far for an unbounded one). A line
   * break the scanner does not join (between words of prose; it joins the breaks that cut a
   * random-looking run or a hard-wrapped block, and two strings only between two token
   * characters) stays in the text: write `\s` where one may fall. A caseless `u`/`v` rule also
   * matches `ſ` (U+017F) for `s` and the Kelvin sign (U+212A) for `k`; its keywords are found
   * there too (the reader's view reads them as those letters).
   */
  readonly pattern?: RegExp;
  /**
   * Every match starts with one of the keywords: the scanner then finds the keywords with
   * `indexOf` and runs the pattern only there (sticky), instead of trying it at every position.
   */
  readonly anchored?: boolean;
  /**
   * Anchored rules: a character every match contains within `distance` of its start (a cheap
   * pre-check), and optionally `stops`, a global regex (without `g` it is not used; the scanner
   * sets its `lastIndex`) of one character class no match holds between its keyword and that
   * character (a URL's userinfo holds no `/`): a seam only matters to the rule when neither a
   * stop nor the distance comes first.
   */
  readonly within?: {
    readonly char: string;
    readonly distance: number;
    readonly stops?: RegExp;
  };
  /** A matcher for what no linear-time regex expresses. */
  readonly find?: (text: string) => Iterable<Span>;
  /**
   * Rejects a candidate secret (placeholders, low entropy). `match` is the whole match and
   * `before` the 32 characters before it (the start of a name an anchored match begins inside).
   */
  readonly accept?: (secret: string, match: string, before: string) => boolean;
}
