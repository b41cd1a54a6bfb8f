import { asciiUnit, caselessUnit } from './caselessUnit';
import { foldKind } from './foldChar';
import { keywordAutomaton } from './keywordAutomaton';
import { isControl } from './tokenChars';

/**
 * What the first pass reports besides keywords: the characters that may make a text read
 * differently than it is written, and line ends. Codes below `FIRST_GROUP`; a keyword group `g`
 * reports `FIRST_GROUP + g`.
 */
export const enum PassEvent {
  Ampersand = 1,
  Backslash = 2,
  Percent = 3,
  // 4 was the emphasis and code markers' (`*`, backtick): found after the loop (`markerPoints`).
  Tilde = 5,
  Control = 6,
  /** A non-ASCII unit that folds (look-alike, mark, invisible). */
  Fold = 7,
  /** A high surrogate: an astral character, which may fold. */
  High = 8,
  /** A non-ASCII unit not yet classified: the pass classifies it (foldKind) on first sight. */
  Unresolved = 9,
  /** `=`: quoted-printable. */
  Equals = 10,
  /** A line end other than a line feed: a carriage return, a line or paragraph separator. */
  LineSeparator = 11,
  /** `|`: a Markdown table's cell edge. */
  Pipe = 12,
}
/** The first group code: codes below it are `PassEvent`s. */
export const GROUP_CODE = 16;

/** Keywords longer than this are matched by the automaton up to here; the rest is checked on a hit. */
const AUTOMATON_DEPTH = 6;

/**
 * The first pass's tables for a list of keywords (each matched in any case or not), built once
 * per distinct list and shared by every rule set that has it: a class per UTF-16 code unit, the
 * keyword automaton over the classes, and the keyword groups its accepting states report.
 */
export interface KeywordTables {
  /** Per UTF-16 code unit, its class (non-ASCII ones classified on first sight: `PassEvent.Unresolved`). */
  readonly classes: Uint8Array;
  readonly next: Int32Array;
  readonly stride: number;
  readonly accepting: number;
  readonly from: Int32Array;
  readonly codes: Int32Array;
  /** Per keyword group (a folded prefix): its length, and its keywords `groupEntries[groupFrom[g]..groupFrom[g + 1])`. */
  readonly groupLength: Int32Array;
  readonly groupFrom: Int32Array;
  readonly groupEntries: Int32Array;
  /** Per keyword group: the length of its longest keyword. */
  readonly groupLongest: Int32Array;
  /** The length of the longest keyword. */
  readonly longest: number;
  /**
   * Per ASCII unit as a caseless regex reads it (`caselessUnit`), 1 when a keyword has it; at
   * 0x80, 1 when one has a unit above ASCII (`inertSeam` reads a seam's keyword stretch by these).
   */
  readonly keywordAscii: Uint8Array;
  /** The classes the pass resolves non-ASCII units to. */
  readonly foldClass: number;
  readonly otherClass: number;
}

const EVENT_OF: Record<string, PassEvent> = {
  '&': PassEvent.Ampersand,
  '\\': PassEvent.Backslash,
  '%': PassEvent.Percent,
  '~': PassEvent.Tilde,
  '=': PassEvent.Equals,
  '|': PassEvent.Pipe,
  '\r': PassEvent.LineSeparator,
  '\u2028': PassEvent.LineSeparator,
  '\u2029': PassEvent.LineSeparator,
};

// Built tables by their keyword list: a host's own rule set (a literal, a rule of its own added
// to the built-in ones) has the built-in keywords, and gets their tables without a build.
const built = new Map<string, KeywordTables>();
/** Distinct keyword lists kept (each ~100 KB; a host has a few rule sets). */
const KEPT = 16;

/** The tables for `keywords` (matched in any case where `anyCase`), built on first use. */
export function keywordTables(keywords: readonly string[], anyCase: Uint8Array): KeywordTables {
  let key = '';
  for (let k = 0; k < keywords.length; k++) key += `${anyCase[k]}${keywords[k]}\u0000`;
  let tables = built.get(key);
  if (!tables) {
    if (built.size === KEPT) built.delete(built.keys().next().value!);
    tables = build(keywords);
    built.set(key, tables);
  }
  return tables;
}

function build(keywords: readonly string[]): KeywordTables {
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
    for (let k = 0; k < prefix.length; k++) keywordUnits.add(caselessUnit(prefix.charCodeAt(k)));
  const eventOf = (code: number): PassEvent | undefined => {
    const char = String.fromCharCode(code);
    if (code < 0x80) return EVENT_OF[char] ?? (isControl(code) ? PassEvent.Control : undefined);
    if (EVENT_OF[char] !== undefined) return EVENT_OF[char];
    if (code >= 0xd800 && code <= 0xdbff) return PassEvent.High;
    return foldKind(code) === 1 ? undefined : PassEvent.Fold;
  };
  const signatureOf = (code: number) => {
    const unit = caselessUnit(code);
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
  // Line and paragraph separators end lines: classified now, with their event.
  for (const code of [0x2028, 0x2029]) classes[code] = classOf(signatureOf(code));
  // Non-ASCII keyword units with a letter case: every unit a caseless regex reads as one of them.
  const cased = (unit: number) => {
    const char = String.fromCharCode(unit);
    return char.toLowerCase() !== char || char.toUpperCase() !== char;
  };
  // Per keyword unit (as a caseless regex reads it), the classes of the units read as it: one
  // for an ASCII letter and its other case, more for a letter beyond ASCII whose cases fold
  // differently (a look-alike in one case only).
  const classesOf = new Map<number, Set<number>>();
  const add = (code: number) => {
    const unit = caselessUnit(code);
    let set = classesOf.get(unit);
    if (!set) classesOf.set(unit, (set = new Set()));
    set.add(classes[code]!);
  };
  for (const unit of keywordUnits) if (unit >= 0x80) classes[unit] = classOf(signatureOf(unit));
  const nonAscii = [...keywordUnits].filter((unit) => unit >= 0x80 && cased(unit));
  if (nonAscii.length > 0) {
    const wanted = new Set(nonAscii);
    for (let code = 0x80; code < 0x10000; code++)
      if (wanted.has(caselessUnit(code))) {
        classes[code] = classOf(signatureOf(code));
        add(code);
      }
  }
  for (let code = 0; code < 0x80; code++) add(code);
  for (const unit of keywordUnits) if (unit >= 0x80) add(unit);
  const count = signatures.size;
  if (count > 255) throw new Error('too many character classes');

  // Groups: keywords whose prefixes read alike are one group; its patterns, every sequence of
  // classes the prefix may be written in.
  const groupIds = new Map<string, number>();
  const groups: number[][] = [];
  const patterns: { classes: number[]; code: number }[] = [];
  prefixOf.forEach((prefix, id) => {
    const units = Array.from({ length: prefix.length }, (_, k) =>
      caselessUnit(prefix.charCodeAt(k)),
    );
    const key = units.join(',');
    let group = groupIds.get(key);
    if (group === undefined) {
      group = groups.push([]) - 1;
      groupIds.set(key, group);
      let sequences: number[][] = [[]];
      for (const unit of units)
        sequences = sequences.flatMap((sequence) =>
          [...classesOf.get(unit)!].map((k) => [...sequence, k]),
        );
      for (const sequence of sequences)
        patterns.push({ classes: sequence, code: GROUP_CODE + group });
    }
    groups[group]!.push(id);
  });
  for (const [signature, k] of signatures) {
    const event = signature.split('|')[1];
    if (event !== '') patterns.push({ classes: [k], code: Number(event) });
  }
  const automaton = keywordAutomaton(patterns, count);

  const [groupFrom, groupEntries] = flat(groups);
  const groupLongest = Int32Array.from(groups, (list) =>
    Math.max(...list.map((id) => keywords[id]!.length)),
  );
  const keywordAscii = new Uint8Array(0x81);
  for (const keyword of keywords)
    for (let k = 0; k < keyword.length; k++) keywordAscii[asciiUnit(keyword.charCodeAt(k))] = 1;
  return {
    classes,
    ...automaton,
    groupLength: Int32Array.from(groups, (list) => prefixOf[list[0]!]!.length),
    groupFrom,
    groupEntries,
    groupLongest,
    longest: groupLongest.reduce((longest, length) => Math.max(longest, length), 0),
    foldClass,
    otherClass,
    keywordAscii,
  };
}

/** Flattens lists: `items[from[k]..from[k + 1])` is list `k`. */
export function flat(lists: readonly (readonly number[])[]): readonly [Int32Array, Int32Array] {
  const from = new Int32Array(lists.length + 1);
  const items: number[] = [];
  lists.forEach((list, k) => {
    from[k] = items.length;
    items.push(...list);
  });
  from[lists.length] = items.length;
  return [from, Int32Array.from(items)] as const;
}
