import { excerpt } from '../issues/excerpt';
import { Char } from './jsonChars';
import type { JsonKind, JsonRejection } from './jsonObserver';
import {
  Expect,
  Token,
  type JsonObject,
  type JsonState,
  failJson,
  quoteAt,
  unexpected,
} from './jsonState';
import type { JsonValue } from './jsonValue';
import { prose, proseWindow } from './proseWindow';
import { scanLiteral } from './scanLiteral';
import { scanNumber } from './scanNumber';
import { NEED_MORE, openStringText, scanString } from './scanString';

/**
 * Feeds the next piece of text to the strict JSON state machine. `final` says it is the last
 * piece: the machine then resolves what is open (a number ends, a string is unterminated…).
 * On a violation `state.issue` is set; the caller feeds nothing more. This is the one parser:
 * `parseJson` feeds the whole text once, a stream feeds each chunk.
 */
export function feedJson(state: JsonState, chunk: string, final: boolean): void {
  let buffer = state.carried === '' ? chunk : state.carried + chunk;
  let end = buffer.length;
  const room = state.maxLength - state.base;
  const over = end > room;
  if (over) {
    // Text beyond the limit is never scanned: the verdict on it is TOO_LARGE, located where it begins.
    buffer = buffer.slice(0, room);
    end = room;
    final = false;
  }
  // Text before the value reads nothing but its window (whitespace included), so it is not run.
  const at =
    state.expect === Expect.Prose
      ? proseWindow(state, buffer, 0, end)
      : run(state, buffer, 0, end, final);
  if (at === -1) return;
  const total = state.base + end;
  if (over) {
    // Proved by the first character beyond the limit; pending prose is decided by the text within it.
    if (state.expect === Expect.Prose) prose(state, buffer, 'INVALID_JSON', total + 1);
    else
      failJson(
        state,
        buffer,
        'TOO_LARGE',
        total,
        total + 1,
        0,
        `the input is longer than the limit of ${state.maxLength} characters`,
      );
  } else if (final) {
    finish(state, buffer, total);
  } else {
    if (at === NEED_MORE && state.onPartial !== undefined && partial(state, buffer, total)) return;
    // A token may leave its last characters to be read again with the next buffer.
    const keep = end - state.carry;
    state.carried = keep === end ? '' : buffer.slice(keep);
    state.carry = 0;
    state.seen.push(chunk);
    state.base += keep;
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
  const names = state.names;
  const observer = state.observer;
  const onMember = state.onMember;
  const onValue = state.onValue;
  const onClose = state.onClose;
  let expect = state.expect;
  let depth = state.depth;
  let container = depth === 0 ? undefined : stack[depth - 1];
  // A token cut by the previous buffer's end is finished first.
  let token = state.token;
  let fresh = false;
  for (;;) {
    if (token === Token.None) {
      if (at >= end) break;
      const code = buffer.charCodeAt(at);
      if (
        code <= Char.Space &&
        (code === Char.Space ||
          code === Char.LineFeed ||
          code === Char.CarriageReturn ||
          code === Char.Tab)
      ) {
        at++;
        continue;
      }
      switch (expect) {
        case Expect.AfterMember:
          if (code === Char.Comma) {
            expect = Expect.Name;
            at++;
            continue;
          }
          if (code !== Char.RightBrace) return expected(state, buffer, at, end, expect);
          token = Token.Close;
          break;
        case Expect.AfterElement:
          if (code === Char.Comma) {
            path[depth - 1] = (path[depth - 1] as number) + 1;
            expect = Expect.Value;
            at++;
            continue;
          }
          if (code !== Char.RightBracket) return expected(state, buffer, at, end, expect);
          token = Token.Close;
          break;
        case Expect.Colon:
          if (code !== Char.Colon) return expected(state, buffer, at, end, expect);
          expect = Expect.Value;
          at++;
          continue;
        case Expect.FirstName:
          if (code === Char.RightBrace) {
            token = Token.Close;
            break;
          }
        // falls through
        case Expect.Name:
          if (code !== Char.Quote) return expected(state, buffer, at, end, expect);
          token = Token.Name;
          break;
        case Expect.Done: {
          const offset = base + at;
          if (code === Char.Backtick) {
            const message =
              'a Markdown code fence follows the JSON value; send the bare JSON object';
            return failJson(state, buffer, 'CODE_FENCE', offset, offset + 1, 0, message);
          }
          const message = `more text after the JSON value: "${quoteAt(state, buffer, offset, offset + 1)}"`;
          return failJson(state, buffer, 'TRAILING_TOKENS', offset, offset + 1, 0, message);
        }
        case Expect.FirstElement:
          if (code === Char.RightBracket) {
            token = Token.Close;
            break;
          }
        // falls through
        default:
          // Expect.Start, Expect.Value, Expect.FirstElement: a value begins here.
          if (code === Char.LeftBrace || code === Char.LeftBracket) {
            const isArray = code === Char.LeftBracket;
            const offset = base + at;
            if (depth >= state.maxDepth) {
              return failJson(
                state,
                buffer,
                'TOO_DEEP',
                offset,
                offset + 1,
                depth,
                `nesting is deeper than ${state.maxDepth}`,
              );
            }
            if (onValue !== undefined) {
              const rejection = onValue.call(observer, path, depth, isArray ? 'array' : 'object');
              if (rejection !== undefined)
                return rejected(state, buffer, rejection, offset, offset + 1, depth);
            }
            container = isArray ? [] : {};
            stack[depth] = container;
            if (isArray) path[depth] = 0;
            state.depth = ++depth;
            expect = isArray ? Expect.FirstElement : Expect.FirstName;
            at++;
            continue;
          }
          if (code === Char.Quote) {
            token = Token.String;
          } else if (code === Char.Minus || (code >= Char.Digit0 && code <= Char.Digit9)) {
            token = Token.Number;
          } else if (code === Char.LowerT || code === Char.LowerF || code === Char.LowerN) {
            token = Token.Literal;
            state.text = code === Char.LowerT ? 'true' : code === Char.LowerF ? 'false' : 'null';
          } else if (expect !== Expect.Start) {
            return expected(state, buffer, at, end, expect);
          } else if (code === Char.ByteOrderMark) {
            return failJson(
              state,
              buffer,
              'INVALID_JSON',
              base + at,
              base + at + 1,
              0,
              'a byte order mark is not allowed before JSON',
            );
          } else if (code === Char.Backtick) {
            const message =
              'the reply is wrapped in a Markdown code fence; send the bare JSON object';
            return failJson(state, buffer, 'CODE_FENCE', base + at, base + at + 1, 0, message);
          } else {
            state.tokenStart = base + at;
            state.expect = Expect.Prose;
            return proseWindow(state, buffer, at, end);
          }
      }
      state.tokenStart = base + at;
      fresh = true;
    }
    let value: JsonValue;
    if (token === Token.Close) {
      value = container!;
      state.depth = --depth;
      container = depth === 0 ? undefined : stack[depth - 1];
      if (onClose !== undefined) {
        const rejection = onClose.call(
          observer,
          path,
          depth,
          Array.isArray(value) ? 'array' : 'object',
        );
        if (rejection !== undefined)
          return rejected(state, buffer, rejection, base + at, base + at + 1, depth);
      }
      at++;
    } else {
      state.token = token;
      const next =
        token === Token.Number
          ? scanNumber(state, buffer, at, end, final, fresh)
          : token === Token.Literal
            ? scanLiteral(state, buffer, at, end, final)
            : scanString(state, buffer, fresh ? at + 1 : at, end, final, fresh);
      if (next < 0) {
        if (next === NEED_MORE) state.expect = expect;
        return next;
      }
      state.token = Token.None;
      value = state.value;
      if (token === Token.Name) {
        // The name closed: a duplicate (compared after unescaping) and `__proto__` are provable now.
        let key = value as string;
        // By length and second unit: the segment names all differ (by the first, type, text and
        // media shared a slot and kept evicting each other, so each was made a key again).
        const slot = (key.length * 7 + key.charCodeAt(1)) & 63;
        if (names[slot] === key) key = names[slot];
        else names[slot] = key;
        const proof = base + next;
        path[depth - 1] = key;
        // An object's first name has nothing to repeat.
        if (expect === Expect.Name && Object.hasOwn(container!, key)) {
          return failJson(
            state,
            buffer,
            'DUPLICATE_KEY',
            state.tokenStart,
            proof,
            depth,
            `duplicate member name "${excerpt(key)}"`,
          );
        }
        if (key === '__proto__' && !state.keepProto) {
          return failJson(
            state,
            buffer,
            'PROTO_KEY',
            state.tokenStart,
            proof,
            depth,
            'the member name "__proto__" is refused',
          );
        }
        if (onMember !== undefined) {
          const rejection = onMember.call(observer, path, depth, key);
          if (rejection !== undefined)
            return rejected(state, buffer, rejection, state.tokenStart, proof, depth);
        }
        expect = Expect.Colon;
        at = next;
        token = Token.None;
        continue;
      }
      if (onValue !== undefined) {
        // A number is complete only when the character after it (or the end of input) is seen.
        const proof = base + (token === Token.Number && next < end ? next + 1 : next);
        const kind: JsonKind =
          value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
        const rejection = onValue.call(
          observer,
          path,
          depth,
          kind,
          value as string | number | boolean | null,
        );
        if (rejection !== undefined)
          return rejected(state, buffer, rejection, state.tokenStart, proof, depth);
      }
      at = next;
    }
    token = Token.None;
    if (depth === 0) {
      state.root = value;
      expect = Expect.Done;
    } else if (Array.isArray(container)) {
      container.push(value);
      expect = Expect.AfterElement;
    } else {
      const key = path[depth - 1] as string;
      if (key === '__proto__') {
        // Only reached with protoKey 'keep': an own data property, exactly as JSON.parse makes
        // it, never a prototype change.
        Object.defineProperty(container, key, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else {
        (container as JsonObject)[key] = value;
      }
      expect = Expect.AfterMember;
    }
  }
  state.expect = expect;
  return at;
}

/** Shows the observer the string the buffer ended inside; true when it refused the document. */
function partial(state: JsonState, buffer: string, total: number): boolean {
  const name = state.token === Token.Name;
  if (!name && state.token !== Token.String) return false;
  const rejection = state.onPartial!.call(
    state.observer,
    state.path,
    state.depth,
    openStringText(state),
    name,
  );
  if (rejection === undefined) return false;
  // Located at the string's start (for a name: at the object), proved by the buffer's end.
  rejected(state, buffer, rejection, state.tokenStart, total, name ? state.depth - 1 : state.depth);
  return true;
}

function rejected(
  state: JsonState,
  buffer: string,
  rejection: JsonRejection,
  offset: number,
  proof: number,
  depth: number,
): -1 {
  return failJson(state, buffer, rejection.code, offset, proof, depth, rejection.message);
}

/** What each expectation (up to Expect.AfterMember) names in its message. */
const EXPECTED = [
  'a value',
  'a value',
  'a value',
  '"," or "]" after an element',
  'a member name in double quotes',
  'a member name in double quotes',
  '":" after a member name',
  '"," or "}" after a member',
];

/** Something else than what `expect` allows at `at`, or the input ended there. */
function expected(state: JsonState, buffer: string, at: number, end: number, expect: number): -1 {
  // While a member name is awaited, the place is the object itself.
  const depth =
    expect === Expect.FirstName || expect === Expect.Name ? state.depth - 1 : state.depth;
  return unexpected(state, buffer, at, end, EXPECTED[expect]!, depth);
}

/** The input ended after `buffer` (all tokens are resolved): the value must be complete. */
function finish(state: JsonState, buffer: string, total: number): void {
  const expect = state.expect;
  if (expect === Expect.Done) state.consumed = total;
  else if (expect === Expect.Start)
    failJson(state, buffer, 'INVALID_JSON', total, total, 0, 'the input is empty');
  else if (expect === Expect.Prose) prose(state, buffer, 'INVALID_JSON', total);
  else expected(state, buffer, total - state.base, total - state.base, expect);
}
