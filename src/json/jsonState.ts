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
export const EXPECT_START = 0;
export const EXPECT_VALUE = 1;
export const EXPECT_FIRST_ELEMENT = 2;
export const EXPECT_AFTER_ELEMENT = 3;
export const EXPECT_FIRST_NAME = 4;
export const EXPECT_NAME = 5;
export const EXPECT_COLON = 6;
export const EXPECT_AFTER_MEMBER = 7;
export const EXPECT_DONE = 8;
/** Text before the value: waiting to decide between PROSE_AROUND_JSON and INVALID_JSON. */
export const EXPECT_PROSE = 9;
export const EXPECT_FAILED = 10;

/** The token a buffer ended inside (resumed by the next buffer). */
export const TOKEN_NONE = 0;
export const TOKEN_STRING = 1;
export const TOKEN_NAME = 2;
export const TOKEN_NUMBER = 3;
export const TOKEN_LITERAL = 4;
/** Not a token: a closing bracket, completed like a value. */
export const TOKEN_CLOSE = 5;

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
  /** The absolute offset of the current buffer's first character. */
  base: number;
  /** The earlier buffers: an issue's line, column and excerpt are computed over all text seen. */
  readonly seen: string[];
  expect: number;
  /** How many containers are open. */
  depth: number;
  readonly stack: (JsonValue[] | JsonObject)[];
  /** Member names and indices of the open containers; `path[0..depth)` is the current place. */
  readonly path: (string | number)[];
  root: JsonValue;
  /** The token in progress when a buffer ended, and where it began (absolute). */
  token: number;
  tokenStart: number;
  /** A completed token's value, handed from a scanner to the machine. */
  value: JsonValue;
  /** A string crossing buffers: the decoded text so far (`text`, then `units[0..count)`). */
  text: string;
  readonly units: number[];
  count: number;
  /** Escape progress: 0 none, 1 after `\`, 2..5 after `\u` and that many hex digits minus 2. */
  escape: number;
  unit: number;
  escapeStart: number;
  /** A high surrogate whose low half has not arrived yet. */
  high: boolean;
  /** A number crossing buffers: its grammar position, raw text so far and integer digits. */
  numberState: number;
  numberText: string;
  numberInteger: number;
  numberDigits: number;
  /** A literal crossing buffers: the word and how many of its characters matched. */
  literal: string;
  literalMatched: number;
  /** Where text before the value began (EXPECT_PROSE). */
  proseStart: number;
  /** The first violation, and how many characters were read when it became provable. */
  issue: Issue | undefined;
  consumed: number;
}

/** A fresh state for one parse. */
export function createJsonState(limits: Partial<JsonLimits> | undefined, observer: JsonObserver | undefined): JsonState {
  return {
    maxLength: limits?.maxLength ?? DEFAULT_JSON_LIMITS.maxLength,
    maxDepth: Math.min(limits?.maxDepth ?? DEFAULT_JSON_LIMITS.maxDepth, DEPTH_CEILING),
    keepProto: limits?.protoKey === 'keep',
    observer,
    base: 0,
    seen: [],
    expect: EXPECT_START,
    depth: 0,
    stack: [],
    path: [],
    root: null,
    token: TOKEN_NONE,
    tokenStart: 0,
    value: null,
    text: '',
    units: [],
    count: 0,
    escape: 0,
    unit: 0,
    escapeStart: 0,
    high: false,
    numberState: 0,
    numberText: '',
    numberInteger: 0,
    numberDigits: 0,
    literal: '',
    literalMatched: 0,
    proseStart: 0,
    issue: undefined,
    consumed: 0,
  };
}

/**
 * The text read up to `end` (absolute): earlier buffers and the current one. Only failures call
 * it, so issues are located over all text seen without the hot path tracking lines.
 */
function textUpTo(state: JsonState, buffer: string, end: number): string {
  const head = state.seen.length === 0 ? '' : state.seen.join('');
  return head + buffer.slice(0, end - state.base);
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
export function failJson(state: JsonState, buffer: string, code: IssueCode, offset: number, end: number, depth: number, message: string): -1 {
  const { line, column } = lineColumn(textUpTo(state, buffer, end), offset);
  state.issue = { code, path: encodePointer(state.path.slice(0, depth)), message, offset, line, column };
  state.consumed = end;
  state.expect = EXPECT_FAILED;
  return -1;
}
