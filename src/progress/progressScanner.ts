import { HYGIENE_RULES } from '../hygiene/hygieneRules';
import { encodePointer } from '../issues/encodePointer';
import { type HostPathPolicy, maskHostPaths } from '../hygiene/maskHostPaths';
import { mapJson } from '../json/mapJson';
import {
  LEAK_MASK,
  type LeakOptions,
  leakRulesFor,
  maskSpans,
  scanLeaks,
} from '../leaks/maskLeaks';
import { scanTables } from '../leaks/scanTables';
import { removeHiddenCharacters } from '../text/removeHiddenCharacters';
import { HOLD_WINDOW } from './holdBack';
import { markupCandidate } from './markupCandidate';

/** What a progress view is made safe with: the turn's own outbound policies. */
export interface ProgressPolicies {
  /** The leak scanner's options (`false`: no leak masking; markup is withheld all the same). */
  readonly leaks?: LeakOptions | false | undefined;
  readonly hostPaths?: HostPathPolicy | undefined;
}

/** A secret or a piece of markup in a string, a member name or a number of the value read so far. */
export interface ProgressFinding {
  /** The JSON pointer of the string (of the member, for a name; of the number). */
  readonly path: string;
  /** Its span in the string or name: `[start, end)`; a number is masked whole. */
  readonly start: number;
  readonly end: number;
  /** Reasoning or tool markup (withheld), rather than a secret (masked). */
  readonly markup: boolean;
  /** Where it is, when not in a string value. */
  readonly in?: 'name' | 'number';
}

/** Secrets found in member names (spans by member pointer) and numbers (by pointer). */
export interface NamesAndNumbers {
  readonly names: ReadonlyMap<string, readonly { start: number; end: number }[]>;
  readonly numbers: ReadonlySet<string>;
}

/** The turn's policies as the progress views use them: see {@link progressScanner}. */
export interface ProgressScanner {
  /** Every secret and piece of markup in the strings of `root`, in one scan. */
  scan(root: unknown): ProgressFinding[];
  /** What a secret is masked with. */
  readonly mask: string;
  /** Rewrites host paths in a view (the view itself without a host-path policy). */
  hostPaths(value: unknown): unknown;
  /**
   * What the final reply will show in place of a view's member names, numbers and hidden
   * characters: names with their secrets masked, numbers holding a host literal as the mask, bidi
   * controls and invisibles removed from every string and name (as the core removes them from
   * the reply it delivers). The view keeps the partial value's shape, so the scan's pointers hold.
   */
  outbound(value: unknown, found: NamesAndNumbers): unknown;
  /** A path as the JSON pointer that findings name its string by. */
  readonly pointerOf: (path: readonly (string | number)[]) => string;
  /**
   * Where the first piece of markup still being written starts in `text` (the end of a text read
   * so far): a tag the markup rules would find once it is closed, -1 when there is none.
   */
  openMarkup(text: string): number;
  /**
   * How many characters at the end of a text read so far are never shown: {@link HOLD_WINDOW},
   * widened by as far as a rule's lookarounds read past the built-in ones' 18 (Infinity: nothing
   * is shown before the end).
   */
  readonly window: number;
}

/**
 * Prepares a turn's outbound policies for its progress views, once per turn: the leak and
 * markup rules as one set, the mask, the host-path rewrite, the scanner's JSON pointers. The
 * views (a lazy chunk) are handed this scanner rather than import the leak scanner, which the
 * first load has already: a lazy chunk ships self-contained (tsup.config.ts), so importing the
 * scanner would copy it into the chunk.
 */
export function progressScanner(policies: ProgressPolicies): ProgressScanner {
  const leaks = policies.leaks === false ? undefined : (policies.leaks ?? {});
  // The host's literals go in apart from the rules: the scanner then also finds them in numbers.
  const rules =
    leaks === undefined
      ? HYGIENE_RULES
      : [...leakRulesFor({ rules: leaks.rules }), ...HYGIENE_RULES];
  const markup = new Set(HYGIENE_RULES.map((rule) => rule.id));
  const options = { rules, allow: leaks?.allow ?? [], literals: leaks?.literals ?? [] };
  const mask = leaks?.mask ?? LEAK_MASK;
  const visible = (text: string) => removeHiddenCharacters(text)?.text ?? text;
  // A match is decided once its lookarounds have read: the window keeps 78 characters for the
  // match's text before the 18 the built-in rules' lookarounds read (96), and grows with a rule
  // that reads further, so no part of a match still undecided is shown. The rule set's tables
  // (the ones `scan` reads with) know how far its lookarounds read.
  const around = scanTables(leakRulesFor(options)).around;
  return {
    window: HOLD_WINDOW - 18 + Math.max(18, around),
    scan(root) {
      const found: ProgressFinding[] = [];
      for (const finding of scanLeaks(root, options)) {
        const { path, start, end } = finding;
        if (start === undefined || end === undefined)
          found.push({ path, start: 0, end: 0, markup: false, in: 'number' });
        else
          found.push({
            path,
            start,
            end,
            markup: markup.has(finding.rule),
            ...(finding.memberName ? { in: 'name' as const } : {}),
          });
      }
      return found;
    },
    mask,
    hostPaths: (value) =>
      policies.hostPaths ? maskHostPaths(value, policies.hostPaths).value : value,
    outbound: (value, { names, numbers }) =>
      mapJson(value, {
        string: visible,
        name: (name, pointer) => {
          const spans = names.get(pointer);
          if (!spans) return visible(name);
          const ordered = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
          return visible(
            maskSpans(
              name,
              ordered.map((span) => ({ rule: '', ...span })),
              mask,
            ),
          );
        },
        number:
          numbers.size > 0
            ? (number, pointer) => (numbers.has(pointer) ? mask : number)
            : undefined,
      }).value,
    pointerOf: encodePointer,
    openMarkup(text) {
      // Only where something may be opening a tag, and before the window (held back anyway).
      const candidate = markupCandidate(text);
      if (candidate === undefined || candidate.at >= text.length - HOLD_WINDOW) return -1;
      const from = candidate.at;
      const rest = text.slice(from);
      // One scan of what follows with each closer after it, each probe a string of its own: a
      // tag the rules find once it is closed is one still being written.
      const probes = candidate.closers.map((closer) => rest + closer);
      let first = -1;
      for (const finding of scanLeaks(probes, { rules: HYGIENE_RULES })) {
        const { start, end } = finding;
        if (start === undefined || end === undefined || end <= rest.length) continue;
        if (first < 0 || start < first) first = start;
      }
      return first < 0 ? -1 : from + first;
    },
  };
}
