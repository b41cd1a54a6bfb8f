import type { IssueCode } from '../issues/issue';
import { excerpt } from '../issues/excerpt';
import {
  CHAR_0,
  CHAR_9,
  CHAR_BACKTICK,
  CHAR_BOM,
  CHAR_COLON,
  CHAR_COMMA,
  CHAR_CR,
  CHAR_LEFT_BRACE,
  CHAR_LEFT_BRACKET,
  CHAR_LF,
  CHAR_LOWER_F,
  CHAR_LOWER_N,
  CHAR_LOWER_T,
  CHAR_MINUS,
  CHAR_QUOTE,
  CHAR_RIGHT_BRACE,
  CHAR_RIGHT_BRACKET,
  CHAR_SPACE,
  CHAR_TAB,
} from './jsonChars';
import type { JsonKind, JsonRejection } from './jsonObserver';
import {
  EXPECT_AFTER_ELEMENT,
  EXPECT_AFTER_MEMBER,
  EXPECT_COLON,
  EXPECT_DONE,
  EXPECT_FAILED,
  EXPECT_FIRST_ELEMENT,
  EXPECT_FIRST_NAME,
  EXPECT_NAME,
  EXPECT_PROSE,
  EXPECT_START,
  EXPECT_VALUE,
  type JsonObject,
  type JsonState,
  TOKEN_LITERAL,
  TOKEN_NAME,
  TOKEN_NONE,
  TOKEN_NUMBER,
  TOKEN_STRING,
  TOKEN_CLOSE,
  failJson,
  quoteAt,
} from './jsonState';
import type { JsonValue } from './jsonValue';
import { scanNumber } from './scanNumber';
import { NEED_MORE, scanString } from './scanString';

/**
 * Text before the value is PROSE_AROUND_JSON when a `{` follows within this many characters of
 * its start, INVALID_JSON otherwise. The verdict must not depend on how the text is split into
 * chunks, and a stream must give it early: "is there a `{` anywhere later" would only be known at
 * the end of the input. A bounded window decides the code at the `{` or after this many
 * characters (or at the end of a shorter input), the same way for a stream and for whole text.
 */
export const PROSE_WINDOW = 64;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Feeds the next piece of text to the strict JSON state machine. `final` says it is the last
 * piece: the machine then resolves what is open (a number ends, a string is unterminated…).
 * On a violation `state.issue` is set and every later call does nothing. This is the one parser:
 * `parseJson` feeds the whole text once, a stream feeds each chunk.
 */
export function feedJson(state: JsonState, chunk: string, final: boolean): void {
  if (state.expect === EXPECT_FAILED) return;
  let buffer = chunk;
  let end = chunk.length;
  const room = state.maxLength - state.base;
  const over = end > room;
  if (over) {
    // Text beyond the limit is never scanned: the verdict on it is TOO_LARGE, located where it begins.
    buffer = chunk.slice(0, room);
    end = room;
    final = false;
  }
  // Text before the value reads nothing but its window (whitespace included), so it is not run.
  const at = state.expect === EXPECT_PROSE ? proseWindow(state, buffer, 0, end) : run(state, buffer, 0, end, final);
  if (at === -1) return;
  const total = state.base + end;
  if (over) {
    // Proved by the first character beyond the limit; pending prose is decided by the text within it.
    if (state.expect === EXPECT_PROSE) prose(state, buffer, 'INVALID_JSON', total + 1);
    else failJson(state, buffer, 'TOO_LARGE', total, total + 1, 0, `the input is longer than the limit of ${state.maxLength} characters`);
  } else if (final) {
    finish(state, buffer, total);
  } else {
    state.seen.push(buffer);
    state.base = total;
  }
}

/**
 * The main loop over one buffer: whitespace and structure inline, tokens by their scanners, each
 * complete value put into its container. Returns the index where it stopped, -1 on a violation,
 * or NEED_MORE when the buffer ended inside a token (resumed by the next buffer).
 */
function run(state: JsonState, buffer: string, at: number, end: number, final: boolean): number {
  const base = state.base;
  const stack = state.stack;
  const path = state.path;
  const observer = state.observer;
  let expect = state.expect;
  let depth = state.depth;
  let container = depth === 0 ? undefined : stack[depth - 1];
  // A token cut by the previous buffer's end is finished first.
  let token = state.token;
  let fresh = false;
  for (;;) {
    if (token === TOKEN_NONE) {
      if (at >= end) break;
      const code = buffer.charCodeAt(at);
      if (code <= CHAR_SPACE && (code === CHAR_SPACE || code === CHAR_LF || code === CHAR_CR || code === CHAR_TAB)) {
        at++;
        continue;
      }
      switch (expect) {
        case EXPECT_AFTER_MEMBER:
          if (code === CHAR_COMMA) {
            expect = EXPECT_NAME;
            at++;
            continue;
          }
          if (code !== CHAR_RIGHT_BRACE) return unexpected(state, buffer, at, end, '"," or "}" after a member', depth);
          token = TOKEN_CLOSE;
          break;
        case EXPECT_AFTER_ELEMENT:
          if (code === CHAR_COMMA) {
            path[depth - 1] = (path[depth - 1] as number) + 1;
            expect = EXPECT_VALUE;
            at++;
            continue;
          }
          if (code !== CHAR_RIGHT_BRACKET) return unexpected(state, buffer, at, end, '"," or "]" after an element', depth);
          token = TOKEN_CLOSE;
          break;
        case EXPECT_COLON:
          if (code !== CHAR_COLON) return unexpected(state, buffer, at, end, '":" after a member name', depth);
          expect = EXPECT_VALUE;
          at++;
          continue;
        case EXPECT_FIRST_NAME:
          if (code === CHAR_RIGHT_BRACE) {
            token = TOKEN_CLOSE;
            break;
          }
        // falls through
        case EXPECT_NAME:
          if (code !== CHAR_QUOTE) return unexpected(state, buffer, at, end, 'a member name in double quotes', depth - 1);
          token = TOKEN_NAME;
          break;
        case EXPECT_DONE: {
          const offset = base + at;
          if (code === CHAR_BACKTICK) {
            const message = 'a Markdown code fence follows the JSON value; send the bare JSON object';
            return failJson(state, buffer, 'CODE_FENCE', offset, offset + 1, 0, message);
          }
          const message = `more text after the JSON value: "${quoteAt(state, buffer, offset, offset + 1)}"`;
          return failJson(state, buffer, 'TRAILING_TOKENS', offset, offset + 1, 0, message);
        }
        case EXPECT_FIRST_ELEMENT:
          if (code === CHAR_RIGHT_BRACKET) {
            token = TOKEN_CLOSE;
            break;
          }
        // falls through
        default:
          // EXPECT_START, EXPECT_VALUE, EXPECT_FIRST_ELEMENT: a value begins here.
          if (code === CHAR_LEFT_BRACE || code === CHAR_LEFT_BRACKET) {
            const isArray = code === CHAR_LEFT_BRACKET;
            const offset = base + at;
            if (depth >= state.maxDepth) {
              return failJson(state, buffer, 'TOO_DEEP', offset, offset + 1, depth, `nesting is deeper than ${state.maxDepth}`);
            }
            if (observer !== undefined) {
              const rejection = observer.value(path, depth, isArray ? 'array' : 'object');
              if (rejection !== undefined) return rejected(state, buffer, rejection, offset, offset + 1, depth);
            }
            container = isArray ? [] : {};
            stack[depth] = container;
            if (isArray) path[depth] = 0;
            state.depth = ++depth;
            expect = isArray ? EXPECT_FIRST_ELEMENT : EXPECT_FIRST_NAME;
            at++;
            continue;
          }
          if (code === CHAR_QUOTE) {
            token = TOKEN_STRING;
          } else if (code === CHAR_MINUS || (code >= CHAR_0 && code <= CHAR_9)) {
            token = TOKEN_NUMBER;
          } else if (code === CHAR_LOWER_T || code === CHAR_LOWER_F || code === CHAR_LOWER_N) {
            token = TOKEN_LITERAL;
            state.literal = code === CHAR_LOWER_T ? 'true' : code === CHAR_LOWER_F ? 'false' : 'null';
          } else if (expect !== EXPECT_START) {
            return unexpected(state, buffer, at, end, 'a value', depth);
          } else if (code === CHAR_BOM) {
            return failJson(state, buffer, 'INVALID_JSON', base + at, base + at + 1, 0, 'a byte order mark is not allowed before JSON');
          } else if (code === CHAR_BACKTICK) {
            const message = 'the reply is wrapped in a Markdown code fence; send the bare JSON object';
            return failJson(state, buffer, 'CODE_FENCE', base + at, base + at + 1, 0, message);
          } else {
            state.proseStart = base + at;
            state.expect = EXPECT_PROSE;
            return proseWindow(state, buffer, at, end);
          }
      }
      state.tokenStart = base + at;
      fresh = true;
    }
    let value: JsonValue;
    if (token === TOKEN_CLOSE) {
      value = container!;
      state.depth = --depth;
      container = depth === 0 ? undefined : stack[depth - 1];
      if (observer !== undefined) {
        const rejection = observer.close(path, depth, Array.isArray(value) ? 'array' : 'object');
        if (rejection !== undefined) return rejected(state, buffer, rejection, base + at, base + at + 1, depth);
      }
      at++;
    } else {
      state.token = token;
      const next =
        token === TOKEN_NUMBER
          ? scanNumber(state, buffer, at, end, final, fresh)
          : token === TOKEN_LITERAL
            ? scanLiteral(state, buffer, at, end, final, fresh)
            : scanString(state, buffer, fresh ? at + 1 : at, end, final, fresh);
      if (next < 0) {
        if (next === NEED_MORE) state.expect = expect;
        return next;
      }
      state.token = TOKEN_NONE;
      value = state.value;
      if (token === TOKEN_NAME) {
        // The name closed: a duplicate (compared after unescaping) and `__proto__` are provable now.
        const key = value as string;
        const proof = base + next;
        path[depth - 1] = key;
        if (expect !== EXPECT_FIRST_NAME && hasOwn.call(container, key)) {
          return failJson(state, buffer, 'DUPLICATE_KEY', state.tokenStart, proof, depth, `duplicate member name "${excerpt(key)}"`);
        }
        if (key === '__proto__' && !state.keepProto) {
          return failJson(state, buffer, 'PROTO_KEY', state.tokenStart, proof, depth, 'the member name "__proto__" is refused');
        }
        if (observer !== undefined) {
          const rejection = observer.member(path, depth, key);
          if (rejection !== undefined) return rejected(state, buffer, rejection, state.tokenStart, proof, depth);
        }
        expect = EXPECT_COLON;
        at = next;
        token = TOKEN_NONE;
        continue;
      }
      if (observer !== undefined) {
        // A number is complete only when the character after it (or the end of input) is seen.
        const proof = base + (token === TOKEN_NUMBER && next < end ? next + 1 : next);
        const kind: JsonKind = value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
        const rejection = observer.value(path, depth, kind, value as string | number | boolean | null);
        if (rejection !== undefined) return rejected(state, buffer, rejection, state.tokenStart, proof, depth);
      }
      at = next;
    }
    token = TOKEN_NONE;
    if (depth === 0) {
      state.root = value;
      expect = EXPECT_DONE;
    } else if (Array.isArray(container)) {
      container.push(value);
      expect = EXPECT_AFTER_ELEMENT;
    } else {
      const key = path[depth - 1] as string;
      if (key === '__proto__') {
        // Only reached with protoKey 'keep': an own data property, exactly as JSON.parse makes
        // it, never a prototype change.
        Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
      } else {
        (container as JsonObject)[key] = value;
      }
      expect = EXPECT_AFTER_MEMBER;
    }
  }
  state.expect = expect;
  return at;
}

/** Matches `true`, `false` or `null` (`state.literal`), across buffers if need be. */
function scanLiteral(state: JsonState, buffer: string, at: number, end: number, final: boolean, fresh: boolean): number {
  const word = state.literal;
  let matched = 0;
  if (fresh) {
    if (at + word.length <= end && buffer.startsWith(word, at)) {
      state.value = word === 'null' ? null : word === 'true';
      return at + word.length;
    }
  } else {
    matched = state.literalMatched;
  }
  for (; matched < word.length; matched++, at++) {
    if (at >= end) {
      if (!final) {
        state.literalMatched = matched;
        return NEED_MORE;
      }
      break;
    }
    if (buffer.charCodeAt(at) !== word.charCodeAt(matched)) {
      at++;
      break;
    }
  }
  if (matched === word.length) {
    state.value = word === 'null' ? null : word === 'true';
    return at;
  }
  // Located at the literal's start; proved by the first wrong character or the end of input.
  const offset = state.tokenStart;
  const proof = state.base + at;
  return failJson(state, buffer, 'INVALID_JSON', offset, proof, state.depth, `expected "${word}" at "${quoteAt(state, buffer, offset, proof)}"`);
}

function rejected(state: JsonState, buffer: string, rejection: JsonRejection, offset: number, proof: number, depth: number): -1 {
  return failJson(state, buffer, rejection.code, offset, proof, depth, rejection.message);
}

/** Something other than `what` at `at`, or the input ended there. */
function unexpected(state: JsonState, buffer: string, at: number, end: number, what: string, depth: number): -1 {
  const offset = state.base + at;
  if (at >= end) return failJson(state, buffer, 'INVALID_JSON', offset, offset, depth, `unexpected end of input; expected ${what}`);
  return failJson(state, buffer, 'INVALID_JSON', offset, offset + 1, depth, `expected ${what} at "${quoteAt(state, buffer, offset, offset + 1)}"`);
}

/**
 * Text before the value, from `at` to the buffer's end: only a `{` within the window matters.
 * Returns the buffer's end while undecided, -1 once decided.
 */
function proseWindow(state: JsonState, buffer: string, at: number, end: number): number {
  const base = state.base;
  const brace = buffer.indexOf('{', at);
  const windowEnd = state.proseStart + PROSE_WINDOW - base;
  if (brace !== -1 && brace < windowEnd && brace < end) return prose(state, buffer, 'PROSE_AROUND_JSON', base + brace + 1);
  if (windowEnd <= end) return prose(state, buffer, 'INVALID_JSON', base + windowEnd);
  return end;
}

/** Text before the value: decided when a `{` is seen within the window, or when the window (or the input) ends. */
function prose(state: JsonState, buffer: string, code: IssueCode, proof: number): -1 {
  const offset = state.proseStart;
  const quoted = quoteAt(state, buffer, offset, proof);
  const message = code === 'INVALID_JSON' ? `unexpected character at the start: "${quoted}"` : `text before the JSON value: "${quoted}"`;
  return failJson(state, buffer, code, offset, proof, 0, message);
}

/** The input ended after `buffer` (all tokens are resolved): the value must be complete. */
function finish(state: JsonState, buffer: string, total: number): void {
  const depth = state.depth;
  const at = total - state.base;
  switch (state.expect) {
    case EXPECT_DONE:
      state.consumed = total;
      return;
    case EXPECT_START:
      failJson(state, buffer, 'INVALID_JSON', total, total, 0, 'the input is empty');
      return;
    case EXPECT_PROSE:
      prose(state, buffer, 'INVALID_JSON', total);
      return;
    case EXPECT_FIRST_NAME:
    case EXPECT_NAME:
      unexpected(state, buffer, at, at, 'a member name in double quotes', depth - 1);
      return;
    case EXPECT_COLON:
      unexpected(state, buffer, at, at, '":" after a member name', depth);
      return;
    case EXPECT_AFTER_MEMBER:
      unexpected(state, buffer, at, at, '"," or "}" after a member', depth);
      return;
    case EXPECT_AFTER_ELEMENT:
      unexpected(state, buffer, at, at, '"," or "]" after an element', depth);
      return;
    default:
      unexpected(state, buffer, at, at, 'a value', depth);
  }
}
