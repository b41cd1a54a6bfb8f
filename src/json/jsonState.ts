import type { Issue, IssueCode } from '../issues/issue';
import { encodePointer } from '../issues/encodePointer';
import { excerpt } from '../issues/excerpt';
import { type JsonLimits, DEFAULT_JSON_LIMITS } from './jsonLimits';
import type { JsonObserver } from './jsonObserver';
import type { JsonValue } from './jsonValue';
import { lineColumn } from './lineColumn';

/**
 * Values deeper than this cannot be walked by recursive code (JSON.stringify throws near 5,000
 * levels on Node 20, and so do validators), so no `maxDepth` is honoured beyond it.
 */
export const DEPTH_CEILING = 1000;

/** What the machine expects next (outside a token). */
export const enum Expect {
  Start,
  Value,
  FirstElement,
  AfterElement,
  FirstName,
  Name,
  Colon,
  AfterMember,
  Done,
  /** Text before the value: waiting to decide between PROSE_AROUND_JSON and INVALID_JSON. */
  Prose,
}

/** The token in progress (one a buffer ended inside is resumed by the next buffer). */
export const enum Token {
  None,
  String,
  Name,
  Number,
  Literal,
  /** Not a token: a closing bracket, completed like a value. */
  Close,
}

export type JsonObject = { [key: string]: JsonValue };

/**
 * The whole state of one strict JSON parse: the grammar position, the open containers, and the
 * token a buffer ended inside. Plain data with a fixed shape; the scanners read and update it.
 */
export interface JsonState {
  readonly maxLength: number;
  readonly maxDepth: number;
  readonly keepProto: boolean;
  readonly observer: JsonObserver | undefined;
  /**
   * The observer's methods, read once and called with it as `this`: looked up on each event,
   * they would be a megamorphic load once the parser has met a few kinds of observers.
   */
  readonly onMember: JsonObserver['member'] | undefined;
  readonly onValue: JsonObserver['value'] | undefined;
  readonly onClose: JsonObserver['close'] | undefined;
  readonly onPartial: JsonObserver['partial'] | undefined;
  /** The absolute offset of the current buffer's first character. */
  base: number;
  /** The earlier chunks: an issue's line, column and excerpt are computed over all text seen. */
  readonly seen: string[];
  expect: number;
  /** How many containers are open. */
  depth: number;
  readonly stack: (JsonValue[] | JsonObject)[];
  /** Member names and indices of the open containers; `path[0..depth)` is the current place. */
  readonly path: (string | number)[];
  /** Member names met, by a hash: an equal name reuses the string already used as a key. */
  readonly names: string[];
  root: JsonValue;
  /** The token in progress when a buffer ended, and where it began (absolute); in Expect.Prose,
   * where the text before the value began. */
  token: number;
  tokenStart: number;
  /** A completed token's value, handed from a scanner to the machine. */
  value: JsonValue;
  // A token cut by a buffer's end keeps its progress in the fields below; each scanner reads
  // them back only for the token it saved, so they are shared between the kinds of token.
  /** The token's text so far: a string's decoded text (then `units[0..count)`), a number's
   * characters, a literal's whole word. */
  text: string;
  /** How many: a string's pending decoded code units, a number's integer digits. */
  count: number;
  /** A string's pending decoded code units. */
  readonly units: number[];
  /** A number's step in its grammar. */
  step: number;
  /**
   * Set by a scanner that stops short of the buffer's end: that many last characters (a cut
   * escape, a high surrogate and what follows, a cut literal) are read again with the next buffer.
   */
  carry: number;
  /** The characters carried into the next buffer. */
  carried: string;
  /** The first violation, and how many characters were read when it became provable. */
  issue: Issue | undefined;
  consumed: number;
}

/** A fresh state for one parse. */
export function createJsonState(
  limits: Partial<JsonLimits> | undefined,
  observer: JsonObserver | undefined,
): JsonState {
  return {
    maxLength: limits?.maxLength ?? DEFAULT_JSON_LIMITS.maxLength,
    maxDepth: Math.min(limits?.maxDepth ?? DEFAULT_JSON_LIMITS.maxDepth, DEPTH_CEILING),
    keepProto: limits?.protoKey === 'keep',
    observer,
    // Called with `.call(observer, …)`: the methods keep their `this`.
    /* eslint-disable @typescript-eslint/unbound-method */
    onMember: observer?.member,
    onValue: observer?.value,
    onClose: observer?.close,
    onPartial: observer?.partial,
    /* eslint-enable @typescript-eslint/unbound-method */
    base: 0,
    seen: [],
    expect: Expect.Start,
    depth: 0,
    stack: [],
    path: [],
    names: [],
    root: null,
    token: Token.None,
    tokenStart: 0,
    value: null,
    text: '',
    count: 0,
    units: [],
    step: 0,
    carry: 0,
    carried: '',
    issue: undefined,
    consumed: 0,
  };
}

/**
 * The text read up to `end` (absolute): earlier buffers and the current one. Only failures call
 * it, so issues are located over all text seen without the hot path tracking lines.
 */
function textUpTo(state: JsonState, buffer: string, end: number): string {
  if (state.seen.length === 0) return buffer.slice(0, end - state.base);
  // The buffer starts with the characters carried from the last chunk seen.
  const head = state.seen.join('');
  const carried = head.length - state.base;
  return end - state.base <= carried
    ? head.slice(0, end)
    : head + buffer.slice(carried, end - state.base);
}

/**
 * A short excerpt around `offset` of the text read up to `end`. It never looks past `end`, the
 * character that proved the violation, so a stream quotes exactly what the whole-text parse quotes.
 */
export function quoteAt(state: JsonState, buffer: string, offset: number, end: number): string {
  return excerpt(textUpTo(state, buffer, end), offset);
}

/**
 * Records the first violation: `offset` is where it is located, `end` how many characters had been
 * read when it became provable, `depth` how much of the path names its place. Always returns -1,
 * the scanners' "stop" position.
 */
export function failJson(
  state: JsonState,
  buffer: string,
  code: IssueCode,
  offset: number,
  end: number,
  depth: number,
  message: string,
): -1 {
  const { line, column } = lineColumn(textUpTo(state, buffer, end), offset);
  state.issue = {
    code,
    path: encodePointer(state.path.slice(0, depth)),
    message,
    offset,
    line,
    column,
  };
  state.consumed = end;
  return -1;
}

/** Something other than `what` at `at` (in the buffer), or the input ended there. */
export function unexpected(
  state: JsonState,
  buffer: string,
  at: number,
  end: number,
  what: string,
  depth: number,
): -1 {
  const offset = state.base + at;
  const last = at < end ? offset + 1 : offset;
  const message =
    at < end
      ? `expected ${what} at "${quoteAt(state, buffer, offset, last)}"`
      : `unexpected end of input; expected ${what}`;
  return failJson(state, buffer, 'INVALID_JSON', offset, last, depth, message);
}
