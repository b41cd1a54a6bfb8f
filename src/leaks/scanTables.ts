import { foldKind } from './foldChar';
import { keywordAutomaton } from './keywordAutomaton';
import type { LeakRule } from './leakRule';

/**
 * What the first pass reports besides keywords: the characters that may make a text read
 * differently than it is written, and line ends. Codes below `FIRST_GROUP`; a keyword group `g`
 * reports `FIRST_GROUP + g`.
 */
export const enum PassEvent {
  Ampersand = 1,
  Backslash = 2,
  Percent = 3,
  Marker = 4,
  Tilde = 5,
  Control = 6,
  /** A non-ASCII unit that folds (look-alike, mark, invisible). */
  Fold = 7,
  /** A high surrogate: an astral character, which may fold. */
  High = 8,
  /** A non-ASCII unit not yet classified: the pass classifies it (foldKind) on first sight. */
  Unresolved = 9,
}
const FIRST_GROUP = 16;

/** Keywords longer than this are matched by the automaton up to here; the rest is checked on a hit. */
const AUTOMATON_DEPTH = 6;

/**
 * A rule set prepared for the first pass, once (cached per rule array): the character classes,
 * the keyword automaton, the keywords' entries and the rules each one starts. Nothing of it is
 * rebuilt per call or per view.
 */
export interface ScanTables {
  readonly rules: readonly LeakRule[];
  /** Per UTF-16 code unit, its class (non-ASCII filled in on first sight: see `resolveClass`). */
  readonly classes: Uint8Array;
  readonly next: Int32Array;
  readonly stride: number;
  readonly accepting: number;
  readonly from: Int32Array;
  readonly codes: Int32Array;
  /** Per keyword group (a folded prefix): its length, and its entries `groupEntries[groupFrom[g]..groupFrom[g + 1])`. */
  readonly groupLength: Int32Array;
  readonly groupFrom: Int32Array;
  readonly groupEntries: Int32Array;
  /** Per entry (a keyword and whether it matches in any case): the keyword, its rules. */
  readonly keywords: readonly string[];
  readonly anyCase: Uint8Array;
  readonly entryFrom: Int32Array;
  readonly entryRules: Int32Array;
  /** The length of the longest keyword. */
  readonly longest: number;
  /** Rules that run on every text (no keywords). */
  readonly always: Int32Array;
  /** Per rule: its required strings `required[requiredFrom[r]..requiredFrom[r + 1])` (indices into `requires`). */
  readonly requiredFrom: Int32Array;
  readonly required: Int32Array;
  readonly requires: readonly string[];
  /** The classes the pass resolves non-ASCII units to. */
  readonly foldClass: number;
  readonly otherClass: number;
}

const CONTROL = /[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const EVENT_OF: Record<string, PassEvent> = {
  '&': PassEvent.Ampersand,
  '\\': PassEvent.Backslash,
  '%': PassEvent.Percent,
  '*': PassEvent.Marker,
  '`': PassEvent.Marker,
  '~': PassEvent.Tilde,
};

const prepared = new WeakMap<readonly LeakRule[], ScanTables>();

/** True when a rule's keywords match in any letter case: its pattern has the `i` flag, or it says so. */
export function ignoresCase(rule: LeakRule): boolean {
  return rule.ignoreCase ?? rule.pattern?.ignoreCase ?? false;
}

/**
 * How a case-insensitive regex (no `u` flag) reads a code unit: its upper case when that is one
 * unit and does not take a non-ASCII character to ASCII.
 */
export function canonical(code: number): number {
  if (code < 0x80) return code >= 0x61 && code <= 0x7a ? code - 0x20 : code;
  const upper = String.fromCharCode(code).toUpperCase();
  return upper.length === 1 && upper.charCodeAt(0) >= 0x80 ? upper.charCodeAt(0) : code;
}

/** The tables of a rule set, built on first use and kept while the array lives. */
export function scanTables(rules: readonly LeakRule[]): ScanTables {
  let tables = prepared.get(rules);
  if (!tables) {
    tables = build(rules);
    prepared.set(rules, tables);
  }
  return tables;
}

function build(rules: readonly LeakRule[]): ScanTables {
  // Entries: one per distinct keyword and case; groups: one per distinct folded prefix.
  const entryIds = new Map<string, number>();
  const keywords: string[] = [];
  const anyCase: number[] = [];
  const rulesOf: number[][] = [];
  const always: number[] = [];
  const requires: string[] = [];
  const requiredOf: number[][] = [];
  rules.forEach((rule, r) => {
    const caseless = ignoresCase(rule);
    requiredOf.push(
      (rule.requires ?? []).map((text) => {
        const known = requires.indexOf(text);
        return known >= 0 ? known : requires.push(text) - 1;
      }),
    );
    // A rule without keywords (or with an empty one) runs on every text.
    if (rule.keywords.length === 0 || rule.keywords.includes('')) {
      always.push(r);
      return;
    }
    for (const keyword of rule.keywords) {
      const key = `${caseless ? 'i' : 's'}${keyword}`;
      let id = entryIds.get(key);
      if (id === undefined) {
        id = keywords.push(keyword) - 1;
        anyCase.push(caseless ? 1 : 0);
        rulesOf.push([]);
        entryIds.set(key, id);
      }
      if (!rulesOf[id]!.includes(r)) rulesOf[id]!.push(r);
    }
  });
  // Classes: ASCII by what the pass needs to tell apart (the keyword letter a character folds
  // to, its event, whether it is a token character); non-ASCII keyword characters by their
  // canonical form; the rest one of a few classes.
  const classes = new Uint8Array(0x10000);
  const signatures = new Map<string, number>();
  const classOf = (signature: string) => {
    let known = signatures.get(signature);
    if (known === undefined) {
      known = signatures.size;
      signatures.set(signature, known);
    }
    return known;
  };
  const prefixOf = keywords.map((keyword) => keyword.slice(0, AUTOMATON_DEPTH));
  const keywordUnits = new Set<number>();
  for (const prefix of prefixOf)
    for (let k = 0; k < prefix.length; k++) keywordUnits.add(canonical(prefix.charCodeAt(k)));
  const eventOf = (code: number): PassEvent | undefined => {
    const char = String.fromCharCode(code);
    if (code < 0x80) return EVENT_OF[char] ?? (CONTROL.test(char) ? PassEvent.Control : undefined);
    if (code >= 0xd800 && code <= 0xdbff) return PassEvent.High;
    return foldKind(code) === 1 ? undefined : PassEvent.Fold;
  };
  const signatureOf = (code: number) => {
    const unit = canonical(code);
    const name = keywordUnits.has(unit) ? `k${unit}` : '';
    return `${name}|${eventOf(code) ?? ''}`;
  };
  const otherClass = classOf('|');
  for (let code = 0; code < 0x80; code++) classes[code] = classOf(signatureOf(code));
  const foldClass = classOf(`|${PassEvent.Fold}`);
  const highClass = classOf(`|${PassEvent.High}`);
  const unresolved = classOf(`|${PassEvent.Unresolved}`);
  classes.fill(unresolved, 0x80);
  classes.fill(highClass, 0xd800, 0xdc00);
  classes.fill(otherClass, 0xdc00, 0xe000);
  // Non-ASCII keyword units with a letter case: every unit a caseless regex reads as one of them.
  const cased = (unit: number) => {
    const char = String.fromCharCode(unit);
    return char.toLowerCase() !== char || char.toUpperCase() !== char;
  };
  for (const unit of keywordUnits) if (unit >= 0x80) classes[unit] = classOf(signatureOf(unit));
  const nonAscii = [...keywordUnits].filter((unit) => unit >= 0x80 && cased(unit));
  if (nonAscii.length > 0) {
    const wanted = new Set(nonAscii);
    for (let code = 0x80; code < 0x10000; code++)
      if (wanted.has(canonical(code))) classes[code] = classOf(signatureOf(code));
  }
  const count = signatures.size;
  if (count > 255) throw new Error('too many character classes');

  // Groups: entries whose prefixes read as the same classes are one pattern of the automaton.
  const groupIds = new Map<string, number>();
  const groups: number[][] = [];
  const patterns: { classes: number[]; code: number }[] = [];
  prefixOf.forEach((prefix, id) => {
    const sequence = Array.from(
      { length: prefix.length },
      (_, k) => classes[prefix.charCodeAt(k)]!,
    );
    const key = sequence.join(',');
    let group = groupIds.get(key);
    if (group === undefined) {
      group = groups.push([]) - 1;
      groupIds.set(key, group);
      patterns.push({ classes: sequence, code: FIRST_GROUP + group });
    }
    groups[group]!.push(id);
  });
  for (const [signature, k] of signatures) {
    const event = signature.split('|')[1];
    if (event !== '') patterns.push({ classes: [k], code: Number(event) });
  }
  const automaton = keywordAutomaton(patterns, count);

  const flat = (lists: number[][]) => {
    const from = new Int32Array(lists.length + 1);
    const items: number[] = [];
    lists.forEach((list, k) => {
      from[k] = items.length;
      items.push(...list);
    });
    from[lists.length] = items.length;
    return [from, Int32Array.from(items)] as const;
  };
  const [groupFrom, groupEntries] = flat(groups);
  const [entryFrom, entryRules] = flat(rulesOf);
  const [requiredFrom, required] = flat(requiredOf);
  return {
    rules,
    classes,
    ...automaton,
    groupLength: Int32Array.from(groups, (list) => prefixOf[list[0]!]!.length),
    groupFrom,
    groupEntries,
    keywords,
    anyCase: Uint8Array.from(anyCase),
    entryFrom,
    entryRules,
    longest: keywords.reduce((longest, keyword) => Math.max(longest, keyword.length), 0),
    always: Int32Array.from(always),
    requiredFrom,
    required,
    requires,
    foldClass,
    otherClass,
  };
}

/** The first group code: codes below it are `PassEvent`s. */
export const GROUP_CODE = FIRST_GROUP;
