import type { Issue, IssueCode } from '../issues/issue';
import { encodePointer } from '../issues/encodePointer';
import { excerpt } from '../issues/excerpt';
import { type JsonLimits, DEFAULT_JSON_LIMITS } from './jsonLimits';
import { lineColumn } from './lineColumn';

/** A JSON value as the strict parser produces it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** The outcome of {@link parseJson}: a value, or the first issue found. */
export type ParseResult = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly issue: Issue };

// Character codes, named so the scanner reads like the grammar.
const CHAR_TAB = 0x09;
const CHAR_LF = 0x0a;
const CHAR_CR = 0x0d;
const CHAR_SPACE = 0x20;
const CHAR_QUOTE = 0x22;
const CHAR_PLUS = 0x2b;
const CHAR_COMMA = 0x2c;
const CHAR_MINUS = 0x2d;
const CHAR_DOT = 0x2e;
const CHAR_SLASH = 0x2f;
const CHAR_0 = 0x30;
const CHAR_1 = 0x31;
const CHAR_9 = 0x39;
const CHAR_COLON = 0x3a;
const CHAR_UPPER_E = 0x45;
const CHAR_LEFT_BRACKET = 0x5b;
const CHAR_BACKSLASH = 0x5c;
const CHAR_RIGHT_BRACKET = 0x5d;
const CHAR_BACKTICK = 0x60;
const CHAR_LOWER_B = 0x62;
const CHAR_LOWER_E = 0x65;
const CHAR_LOWER_F = 0x66;
const CHAR_LOWER_N = 0x6e;
const CHAR_LOWER_R = 0x72;
const CHAR_LOWER_T = 0x74;
const CHAR_LOWER_U = 0x75;
const CHAR_LEFT_BRACE = 0x7b;
const CHAR_RIGHT_BRACE = 0x7d;
const CHAR_SURROGATE_MIN = 0xd800;
const CHAR_SURROGATE_MAX = 0xdfff;

/** Integers with more digits than this may be beyond ±(2^53−1) and are checked. */
const SAFE_DIGITS = 15;

const hasOwn = Object.prototype.hasOwnProperty;

/** Thrown inside the scanner only; {@link parseJson} turns it into an issue. */
class ParseFailure {
  readonly depth: number;
  constructor(
    readonly code: IssueCode,
    readonly offset: number,
    readonly message: string,
    depth: number,
  ) {
    // While a member name is read, the path still ends at the enclosing object.
    this.depth = inKey ? depth - 1 : depth;
  }
}

// Scanner state. The parser is synchronous and not re-entrant, so module state is safe and fast.
let text = '';
let pos = 0;
let end = 0;
let depth = 0;
let maxDepth = 0;
let keepProtoKey = false;
let inKey = false;
/** The path of the value being parsed: keys and indices, valid up to `depth`. */
let path: (string | number)[] = [];

/**
 * Parses one JSON text strictly (RFC 8259 with the I-JSON rules of RFC 7493). Never throws.
 *
 * Rejects duplicate member names (compared after unescaping), trailing tokens, code fences and
 * prose around the value, lone surrogates, nesting beyond `limits.maxDepth`, input beyond
 * `limits.maxLength`, integers beyond ±(2^53−1) and numbers that overflow a double, and (by
 * default) the member name `__proto__`.
 *
 * @example
 * const result = parseJson('{"a":1,"\\u0061":2}');
 * // { ok: false, issue: { code: 'DUPLICATE_KEY', path: '/a', offset: 7, line: 1, column: 8, … } }
 */
export function parseJson(source: string, limits: Partial<JsonLimits> = DEFAULT_JSON_LIMITS): ParseResult {
  // JavaScript callers can pass anything; the boundary still answers with an issue, not a throw.
  if (typeof source !== 'string') return fail('', new ParseFailure('INVALID_JSON', 0, `the input is ${source === null ? 'null' : typeof source}, not text`, 0));
  const maxLength = limits.maxLength ?? DEFAULT_JSON_LIMITS.maxLength;
  if (source.length > maxLength) {
    return fail(source, new ParseFailure('TOO_LARGE', 0, `input is ${source.length} characters; the limit is ${maxLength}`, 0));
  }
  text = source;
  pos = 0;
  end = source.length;
  depth = 0;
  maxDepth = limits.maxDepth ?? DEFAULT_JSON_LIMITS.maxDepth;
  keepProtoKey = limits.protoKey === 'keep';
  path = [];
  inKey = false;
  try {
    skipWhitespace();
    if (pos >= end) throw new ParseFailure('INVALID_JSON', pos, 'the input is empty', 0);
    const first = text.charCodeAt(pos);
    if (!startsValue(first)) throw leadingFailure(first);
    const value = parseValue();
    skipWhitespace();
    if (pos < end) throw trailingFailure();
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ParseFailure) return fail(source, error);
    // A stack overflow from a very large caller-chosen maxDepth still must not escape.
    return fail(source, new ParseFailure('TOO_DEEP', pos, 'nesting exhausted the call stack', depth));
  } finally {
    text = '';
    path = [];
  }
}

function fail(source: string, failure: ParseFailure): ParseResult {
  const { line, column } = lineColumn(source, failure.offset);
  const pointer = encodePointer(path.slice(0, failure.depth));
  return {
    ok: false,
    issue: { code: failure.code, path: pointer, message: failure.message, offset: failure.offset, line, column },
  };
}

function startsValue(code: number): boolean {
  return (
    code === CHAR_LEFT_BRACE ||
    code === CHAR_LEFT_BRACKET ||
    code === CHAR_QUOTE ||
    code === CHAR_MINUS ||
    (code >= CHAR_0 && code <= CHAR_9) ||
    code === CHAR_LOWER_T ||
    code === CHAR_LOWER_F ||
    code === CHAR_LOWER_N
  );
}

function leadingFailure(first: number): ParseFailure {
  if (first === 0xfeff) return new ParseFailure('INVALID_JSON', pos, 'a byte order mark is not allowed before JSON', 0);
  if (first === CHAR_BACKTICK) {
    return new ParseFailure('CODE_FENCE', pos, 'the reply is wrapped in a Markdown code fence; send the bare JSON object', 0);
  }
  if (text.indexOf('{', pos) !== -1) {
    return new ParseFailure('PROSE_AROUND_JSON', pos, `text before the JSON value: "${excerpt(text, pos)}"`, 0);
  }
  return new ParseFailure('INVALID_JSON', pos, `unexpected character at the start: "${excerpt(text, pos)}"`, 0);
}

function trailingFailure(): ParseFailure {
  if (text.charCodeAt(pos) === CHAR_BACKTICK) {
    return new ParseFailure('CODE_FENCE', pos, 'a Markdown code fence follows the JSON value; send the bare JSON object', 0);
  }
  return new ParseFailure('TRAILING_TOKENS', pos, `more text after the JSON value: "${excerpt(text, pos)}"`, 0);
}

function unexpected(what: string): ParseFailure {
  if (pos >= end) return new ParseFailure('INVALID_JSON', pos, `unexpected end of input; expected ${what}`, depth);
  return new ParseFailure('INVALID_JSON', pos, `expected ${what} at "${excerpt(text, pos)}"`, depth);
}

function skipWhitespace(): void {
  let at = pos;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (code === CHAR_SPACE || code === CHAR_LF || code === CHAR_CR || code === CHAR_TAB) at++;
    else break;
  }
  pos = at;
}

function parseValue(): JsonValue {
  const code = text.charCodeAt(pos);
  switch (code) {
    case CHAR_LEFT_BRACE:
      return parseObject();
    case CHAR_LEFT_BRACKET:
      return parseArray();
    case CHAR_QUOTE:
      return parseString();
    case CHAR_LOWER_T:
      return parseLiteral('true', true);
    case CHAR_LOWER_F:
      return parseLiteral('false', false);
    case CHAR_LOWER_N:
      return parseLiteral('null', null);
    default:
      if (code === CHAR_MINUS || (code >= CHAR_0 && code <= CHAR_9)) return parseNumber();
      throw unexpected('a value');
  }
}

function enter(): void {
  if (++depth > maxDepth) {
    throw new ParseFailure('TOO_DEEP', pos, `nesting is deeper than ${maxDepth}`, depth - 1);
  }
}

function parseObject(): JsonValue {
  enter();
  pos++; // {
  const object: { [key: string]: JsonValue } = {};
  let members = 0;
  let firstKey = '';
  skipWhitespace();
  if (text.charCodeAt(pos) === CHAR_RIGHT_BRACE) {
    pos++;
    depth--;
    return object;
  }
  for (;;) {
    inKey = true;
    if (text.charCodeAt(pos) !== CHAR_QUOTE) throw unexpected('a member name in double quotes');
    const keyOffset = pos;
    const key = parseString();
    inKey = false;
    path[depth - 1] = key;
    // The first member cannot be a duplicate; the second only of the first. Most segment objects
    // have one or two members, so the own-property lookup is rarely needed.
    if (members === 0 ? false : members === 1 ? key === firstKey : hasOwn.call(object, key)) {
      throw new ParseFailure('DUPLICATE_KEY', keyOffset, `duplicate member name "${excerpt(key)}"`, depth);
    }
    skipWhitespace();
    if (text.charCodeAt(pos) !== CHAR_COLON) throw unexpected('":" after a member name');
    pos++;
    skipWhitespace();
    if (pos >= end) throw unexpected('a value');
    const value = parseValue();
    if (key === '__proto__') {
      if (!keepProtoKey) {
        throw new ParseFailure('PROTO_KEY', keyOffset, 'the member name "__proto__" is refused', depth);
      }
      // An own data property, exactly as JSON.parse makes it: never a prototype change.
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
    } else {
      object[key] = value;
    }
    if (members++ === 0) firstKey = key;
    skipWhitespace();
    const next = text.charCodeAt(pos);
    if (next === CHAR_COMMA) {
      pos++;
      skipWhitespace();
    } else if (next === CHAR_RIGHT_BRACE) {
      pos++;
      depth--;
      return object;
    } else {
      throw unexpected('"," or "}" after a member');
    }
  }
}

function parseArray(): JsonValue {
  enter();
  pos++; // [
  const array: JsonValue[] = [];
  skipWhitespace();
  if (text.charCodeAt(pos) === CHAR_RIGHT_BRACKET) {
    pos++;
    depth--;
    return array;
  }
  for (let index = 0; ; index++) {
    path[depth - 1] = index;
    if (pos >= end) throw unexpected('a value');
    array.push(parseValue());
    skipWhitespace();
    const next = text.charCodeAt(pos);
    if (next === CHAR_COMMA) {
      pos++;
      skipWhitespace();
    } else if (next === CHAR_RIGHT_BRACKET) {
      pos++;
      depth--;
      return array;
    } else {
      throw unexpected('"," or "]" after an element');
    }
  }
}

function parseLiteral(word: string, value: boolean | null): boolean | null {
  if (!text.startsWith(word, pos)) throw unexpected(`"${word}"`);
  pos += word.length;
  return value;
}

function parseNumber(): number {
  const start = pos;
  let negative = false;
  if (text.charCodeAt(pos) === CHAR_MINUS) {
    negative = true;
    pos++;
  }
  let code = text.charCodeAt(pos);
  let integer = 0;
  if (code === CHAR_0) {
    pos++;
    code = text.charCodeAt(pos);
    if (code >= CHAR_0 && code <= CHAR_9) throw new ParseFailure('INVALID_JSON', pos, 'a number may not have a leading zero', depth);
  } else if (code >= CHAR_1 && code <= CHAR_9) {
    do {
      integer = integer * 10 + (code - CHAR_0);
      code = text.charCodeAt(++pos);
    } while (code >= CHAR_0 && code <= CHAR_9);
  } else {
    throw unexpected('a digit');
  }
  let isInteger = true;
  if (code === CHAR_DOT) {
    isInteger = false;
    code = text.charCodeAt(++pos);
    if (!(code >= CHAR_0 && code <= CHAR_9)) throw unexpected('a digit after the decimal point');
    do code = text.charCodeAt(++pos);
    while (code >= CHAR_0 && code <= CHAR_9);
  }
  if (code === CHAR_LOWER_E || code === CHAR_UPPER_E) {
    isInteger = false;
    code = text.charCodeAt(++pos);
    if (code === CHAR_PLUS || code === CHAR_MINUS) code = text.charCodeAt(++pos);
    if (!(code >= CHAR_0 && code <= CHAR_9)) throw unexpected('a digit in the exponent');
    do code = text.charCodeAt(++pos);
    while (code >= CHAR_0 && code <= CHAR_9);
  }
  const digits = pos - start - (negative ? 1 : 0);
  if (isInteger && digits <= SAFE_DIGITS) return negative ? -integer : integer;
  const value = Number(text.slice(start, pos));
  if (isInteger ? !Number.isSafeInteger(value) : !Number.isFinite(value)) {
    throw new ParseFailure(
      'UNSAFE_NUMBER',
      start,
      isInteger
        ? `the integer ${excerpt(text.slice(start, pos))} is beyond ±(2^53−1) and would be rounded; send it as a string`
        : `the number ${excerpt(text.slice(start, pos))} overflows a double`,
      depth,
    );
  }
  return value;
}

function parseString(): string {
  // Locals, not module state, in the hottest loop: V8 keeps them in registers.
  const source = text;
  const start = pos + 1; // after the opening quote
  let at = start;
  let surrogates = false;
  for (;;) {
    if (at >= end) {
      pos = at;
      throw new ParseFailure('INVALID_JSON', start - 1, 'unterminated string', depth);
    }
    const code = source.charCodeAt(at);
    if (code === CHAR_QUOTE) {
      const value = source.slice(start, at);
      pos = at + 1;
      if (surrogates) assertWellFormed(value, start);
      return value;
    }
    if (code === CHAR_BACKSLASH) {
      pos = at;
      return parseEscapedString(start, surrogates);
    }
    if (code < CHAR_SPACE) {
      pos = at;
      throw controlCharacter(code);
    }
    if (code >= CHAR_SURROGATE_MIN && code <= CHAR_SURROGATE_MAX) surrogates = true;
    at++;
  }
}

/** The slow path, taken from the first backslash on. */
function parseEscapedString(start: number, surrogatesBefore: boolean): string {
  let value = text.slice(start, pos);
  let chunkStart = pos;
  let surrogates = surrogatesBefore;
  for (;;) {
    if (pos >= end) throw new ParseFailure('INVALID_JSON', start - 1, 'unterminated string', depth);
    const code = text.charCodeAt(pos);
    if (code === CHAR_QUOTE) {
      value += text.slice(chunkStart, pos++);
      if (surrogates) assertWellFormed(value, start);
      return value;
    }
    if (code < CHAR_SPACE) throw controlCharacter(code);
    if (code !== CHAR_BACKSLASH) {
      if (code >= CHAR_SURROGATE_MIN && code <= CHAR_SURROGATE_MAX) surrogates = true;
      pos++;
      continue;
    }
    value += text.slice(chunkStart, pos);
    const escape = text.charCodeAt(pos + 1);
    pos += 2;
    switch (escape) {
      case CHAR_QUOTE:
        value += '"';
        break;
      case CHAR_BACKSLASH:
        value += '\\';
        break;
      case CHAR_SLASH:
        value += '/';
        break;
      case CHAR_LOWER_B:
        value += '\b';
        break;
      case CHAR_LOWER_F:
        value += '\f';
        break;
      case CHAR_LOWER_N:
        value += '\n';
        break;
      case CHAR_LOWER_R:
        value += '\r';
        break;
      case CHAR_LOWER_T:
        value += '\t';
        break;
      case CHAR_LOWER_U: {
        const unit = readHex4();
        if (unit >= CHAR_SURROGATE_MIN && unit <= CHAR_SURROGATE_MAX) surrogates = true;
        value += String.fromCharCode(unit);
        break;
      }
      default:
        pos -= 2;
        throw new ParseFailure('INVALID_JSON', pos, `invalid escape "${excerpt(text.slice(pos, pos + 2))}"`, depth);
    }
    chunkStart = pos;
  }
}

function readHex4(): number {
  let unit = 0;
  for (let i = 0; i < 4; i++) {
    const code = text.charCodeAt(pos);
    let digit: number;
    if (code >= CHAR_0 && code <= CHAR_9) digit = code - CHAR_0;
    else if (code >= 0x41 && code <= 0x46) digit = code - 0x37; // A-F
    else if (code >= 0x61 && code <= 0x66) digit = code - 0x57; // a-f
    else throw new ParseFailure('INVALID_JSON', pos, 'a \\u escape needs four hex digits', depth);
    unit = unit * 16 + digit;
    pos++;
  }
  return unit;
}

function controlCharacter(code: number): ParseFailure {
  const hex = code.toString(16).padStart(4, '0');
  return new ParseFailure('INVALID_JSON', pos, `unescaped control character U+${hex} in a string`, depth);
}

/** I-JSON: a string must be valid Unicode, so an unpaired surrogate (raw or escaped) is refused. */
function assertWellFormed(value: string, start: number): void {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < CHAR_SURROGATE_MIN || code > CHAR_SURROGATE_MAX) continue;
    const next = value.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= CHAR_SURROGATE_MAX) {
      i++;
      continue;
    }
    throw new ParseFailure('LONE_SURROGATE', start - 1, 'a string holds an unpaired UTF-16 surrogate', depth);
  }
}
