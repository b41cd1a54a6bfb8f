import { describe, expect, it } from 'vitest';
import { encodePointer } from '../../src/issues/encodePointer';
import { createJsonStream } from '../../src/json/createJsonStream';
import type { JsonLimits } from '../../src/json/jsonLimits';
import type { JsonKind, JsonObserver, JsonPath, JsonRejection } from '../../src/json/jsonObserver';
import { parseJson } from '../../src/json/parseJson';
import { charChunks, randomChunks, runStream, seededRandom } from './streamHelpers';

/**
 * Feeds `text` one character at a time and answers the index of the character whose push first
 * returned an issue (-1: none did), with the issue and the final result.
 */
function provedAt(text: string, limits?: Partial<JsonLimits>) {
  const run = runStream(charChunks(text), limits);
  return { index: run.pushIndex, issue: run.pushed, result: run.result };
}

describe('createJsonStream reports a violation at the character that proves it', () => {
  it('a duplicate name when its closing quote arrives', () => {
    const text = '{"a":1,"\\u0061":2}';
    const found = provedAt(text);
    expect(found.index).toBe(text.indexOf(':2') - 1);
    expect(found.issue).toMatchObject({ code: 'DUPLICATE_KEY', path: '/a', offset: 7 });
    expect(found.result).toEqual({ ok: false, issue: found.issue });
  });

  it('__proto__ when its closing quote arrives, before its value is read', () => {
    expect(provedAt('{"__proto__":{"x":1}}')).toMatchObject({
      index: 11,
      issue: { code: 'PROTO_KEY', path: '/__proto__', offset: 1 },
    });
    // The whole-text verdict is the same: the name is refused before its (invalid) value.
    expect(parseJson('{"__proto__": tru')).toMatchObject({
      ok: false,
      issue: { code: 'PROTO_KEY' },
    });
  });

  it('trailing tokens at the first character after the value, a fence at its backtick', () => {
    expect(provedAt('{"a":1}  x')).toMatchObject({
      index: 9,
      issue: { code: 'TRAILING_TOKENS', offset: 9 },
    });
    expect(provedAt('{"a":1}\n```')).toMatchObject({
      index: 8,
      issue: { code: 'CODE_FENCE', offset: 8, line: 2, column: 1 },
    });
    expect(provedAt('[1,2]3')).toMatchObject({ index: 5, issue: { code: 'TRAILING_TOKENS' } });
  });

  it('a fence at the start at once', () => {
    expect(provedAt('\n```json\n{}\n```')).toMatchObject({
      index: 1,
      issue: { code: 'CODE_FENCE', offset: 1, line: 2 },
    });
    expect(provedAt('\ufeff{}')).toMatchObject({
      index: 0,
      issue: { code: 'INVALID_JSON', offset: 0 },
    });
  });

  it('prose at the start: PROSE_AROUND_JSON at a `{` within 64 characters, INVALID_JSON once the window passes', () => {
    const prose = 'Here is the reply: {"segments":[]}';
    expect(provedAt(prose)).toMatchObject({
      index: prose.indexOf('{'),
      issue: { code: 'PROSE_AROUND_JSON', offset: 0 },
    });
    const refusal = 'I am sorry, but I cannot produce that reply; here is a long reason why not.';
    expect(provedAt(refusal)).toMatchObject({
      index: 63,
      issue: { code: 'INVALID_JSON', offset: 0 },
    });
    // Shorter than the window: only the end of input decides.
    expect(provedAt('Sorry, I cannot help.')).toMatchObject({
      index: -1,
      result: { ok: false, issue: { code: 'INVALID_JSON' } },
    });
    // A `{` beyond the window does not make the start prose, in a stream or in whole text.
    const late = `${'x'.repeat(64)}{"segments":[]}`;
    expect(provedAt(late)).toMatchObject({ index: 63, issue: { code: 'INVALID_JSON' } });
    expect(parseJson(late)).toMatchObject({
      ok: false,
      issue: { code: 'INVALID_JSON', offset: 0 },
    });
    expect(parseJson(`${'x'.repeat(63)}{}`)).toMatchObject({
      ok: false,
      issue: { code: 'PROSE_AROUND_JSON', offset: 0 },
    });
  });

  it('a lone surrogate only once the next unit shows it unpaired, across chunks too', () => {
    const split = createJsonStream();
    expect(split.push('["\\uD83D')).toBeUndefined();
    expect(split.push('\\uDE')).toBeUndefined();
    expect(split.push('00"]')).toBeUndefined();
    expect(split.end()).toEqual({ ok: true, value: ['😀'] });

    const lone = createJsonStream();
    expect(lone.push('["\\uD83D')).toBeUndefined();
    expect(lone.push('\\u00')).toBeUndefined();
    expect(lone.push('41"]')).toMatchObject({ code: 'LONE_SURROGATE', path: '/0', offset: 1 });

    expect(provedAt('["\ud83d"]')).toMatchObject({ index: 3, issue: { code: 'LONE_SURROGATE' } });
    expect(provedAt('["a\\udc00"]')).toMatchObject({
      index: 8,
      issue: { code: 'LONE_SURROGATE', offset: 1 },
    });
    expect(provedAt('{"\ud83d":1}')).toMatchObject({
      index: 3,
      issue: { code: 'LONE_SURROGATE', path: '' },
    });
  });

  it('depth at the bracket that goes too deep', () => {
    expect(provedAt('['.repeat(70))).toMatchObject({
      index: 64,
      issue: { code: 'TOO_DEEP', offset: 64 },
    });
    expect(provedAt('{"a":{"b":[1]}}', { maxDepth: 2 })).toMatchObject({
      index: 10,
      issue: { code: 'TOO_DEEP', path: '/a/b' },
    });
  });

  it('an unsafe integer when the number ends, never inside it', () => {
    const stream = createJsonStream();
    expect(stream.push('{"id":1234567890')).toBeUndefined();
    expect(stream.push('1234567890')).toBeUndefined();
    expect(stream.push('}')).toMatchObject({ code: 'UNSAFE_NUMBER', path: '/id', offset: 6 });
    expect(provedAt('12345678901234567890')).toMatchObject({
      index: -1,
      result: { ok: false, issue: { code: 'UNSAFE_NUMBER' } },
    });
    expect(provedAt('[1e400 ]')).toMatchObject({ index: 6, issue: { code: 'UNSAFE_NUMBER' } });
  });

  it('control characters, invalid escapes and bad hex digits at the character', () => {
    expect(provedAt('["ab\u0001"]')).toMatchObject({
      index: 4,
      issue: {
        code: 'INVALID_JSON',
        offset: 4,
        message: 'unescaped control character U+0001 in a string',
      },
    });
    expect(provedAt('["ab\\x"]')).toMatchObject({
      index: 5,
      issue: { code: 'INVALID_JSON', offset: 4, message: 'invalid escape "\\\\x"' },
    });
    expect(provedAt('["\\u12x4"]')).toMatchObject({
      index: 6,
      issue: { code: 'INVALID_JSON', offset: 6 },
    });
    expect(provedAt('[tru]')).toMatchObject({
      index: 4,
      issue: { code: 'INVALID_JSON', offset: 1, path: '/0' },
    });
    expect(provedAt('{"a" 1}')).toMatchObject({
      index: 5,
      issue: { code: 'INVALID_JSON', path: '/a' },
    });
  });

  it('quotes only text up to the character that proved the violation', () => {
    const found = provedAt('{"a":1} trailing text that the stream never read');
    expect(found.issue?.message).toBe('more text after the JSON value: "{\\"a\\":1} t"');
  });

  it('TOO_LARGE when the text passes maxLength, unless a violation comes first', () => {
    const stream = createJsonStream({ maxLength: 10 });
    expect(stream.push('[1, 2, ')).toBeUndefined();
    expect(stream.push('3, 4]  ')).toMatchObject({ code: 'TOO_LARGE', offset: 10, path: '' });
    expect(stream.offset).toBe(11);
    expect(parseJson('[1, 2, 3, 4]  ', { maxLength: 10 })).toEqual(stream.end());
    expect(parseJson('[1, x, 3, 4, 5, 6]', { maxLength: 10 })).toMatchObject({
      ok: false,
      issue: { code: 'INVALID_JSON', offset: 4 },
    });
    expect(parseJson('[1, 2]    ', { maxLength: 10 }).ok).toBe(true);
  });

  it('computes line and column over all text seen, across chunks', () => {
    const run = runStream(['{\n  "a": 1,\r\n', '  "b": [\r', '1, 2,\n', '  x]}']);
    expect(run.result).toMatchObject({
      ok: false,
      issue: { code: 'INVALID_JSON', path: '/b/2', line: 5, column: 3, offset: 30 },
    });
  });
});

describe('createJsonStream as an object', () => {
  it('counts the characters read, and stops reading at a violation', () => {
    const stream = createJsonStream();
    stream.push('{"a":');
    expect(stream.offset).toBe(5);
    stream.push('1}');
    expect(stream.offset).toBe(7);
    expect(stream.push(' {"b":2}')).toMatchObject({ code: 'TRAILING_TOKENS', offset: 8 });
    expect(stream.offset).toBe(9);
    expect(stream.push('more')).toMatchObject({ code: 'TRAILING_TOKENS', offset: 8 });
    expect(stream.offset).toBe(9);
  });

  it('counts characters held back inside a cut escape or literal as read', () => {
    const stream = createJsonStream();
    stream.push('["\\u00');
    expect(stream.offset).toBe(6);
    stream.push('e9", tr');
    expect(stream.offset).toBe(13);
    stream.push('ue]');
    expect(stream.end()).toEqual({ ok: true, value: ['é', true] });
    expect(stream.offset).toBe(16);
  });

  it('ends repeatably; pushes after the end are not read', () => {
    const stream = createJsonStream();
    expect(stream.push('[1]')).toBeUndefined();
    const result = stream.end();
    expect(result).toEqual({ ok: true, value: [1] });
    expect(stream.push('xyz')).toBeUndefined();
    expect(stream.end()).toBe(result);
    expect(stream.offset).toBe(3);
  });

  it('answers a chunk that is not text with an issue instead of throwing', () => {
    const stream = createJsonStream();
    stream.push('[1,');
    expect(stream.push(42 as unknown as string)).toMatchObject({
      code: 'INVALID_JSON',
      offset: 3,
      message: 'a chunk is number, not text',
    });
    expect(stream.end().ok).toBe(false);
  });

  it('gives the same value for any chunking of a segment reply', () => {
    const text = JSON.stringify({
      segments: [
        { type: 'text', data: { text: 'héllo "wörld" \\ \n 😀 日本語' } },
        { type: 'face', data: { id: 14 } },
      ],
    });
    const random = seededRandom(3);
    for (let i = 0; i < 50; i++)
      expect(runStream(randomChunks(text, random, 5)).result).toEqual({
        ok: true,
        value: JSON.parse(text),
      });
  });
});

type Event = [string, string, ...unknown[]];

/** An observer that records every event with the pointer of its place, and may refuse one. */
function recorder(
  refuse?: (event: Event) => JsonRejection | undefined,
): JsonObserver & { events: Event[] } {
  const events: Event[] = [];
  const record = (event: Event) => {
    events.push(event);
    return refuse?.(event);
  };
  return {
    events,
    member: (path: JsonPath, depth: number, name: string) =>
      record(['member', encodePointer(path.slice(0, depth)), name]),
    value: (
      path: JsonPath,
      depth: number,
      kind: JsonKind,
      scalar?: string | number | boolean | null,
    ) =>
      record(
        scalar === undefined && (kind === 'object' || kind === 'array')
          ? ['value', encodePointer(path.slice(0, depth)), kind]
          : ['value', encodePointer(path.slice(0, depth)), kind, scalar],
      ),
    close: (path: JsonPath, depth: number, kind: 'object' | 'array') =>
      record(['close', encodePointer(path.slice(0, depth)), kind]),
  };
}

describe('createJsonStream with an observer', () => {
  const text = '{"a":[1,"x",{"b":null}],"c":true,"d":{}}';
  const expected: Event[] = [
    ['value', '', 'object'],
    ['member', '/a', 'a'],
    ['value', '/a', 'array'],
    ['value', '/a/0', 'number', 1],
    ['value', '/a/1', 'string', 'x'],
    ['value', '/a/2', 'object'],
    ['member', '/a/2/b', 'b'],
    ['value', '/a/2/b', 'null', null],
    ['close', '/a/2', 'object'],
    ['close', '/a', 'array'],
    ['member', '/c', 'c'],
    ['value', '/c', 'boolean', true],
    ['member', '/d', 'd'],
    ['value', '/d', 'object'],
    ['close', '/d', 'object'],
    ['close', '', 'object'],
  ];

  it('sees names, values and closings in document order, with their places, for any chunking', () => {
    const random = seededRandom(11);
    for (const chunks of [[text], charChunks(text), randomChunks(text, random, 6)]) {
      const observer = recorder();
      expect(runStream(chunks, undefined, observer).result.ok).toBe(true);
      expect(observer.events).toEqual(expected);
    }
  });

  it('sees a top-level scalar, and a number only when it ends', () => {
    const observer = recorder();
    const stream = createJsonStream(undefined, observer);
    stream.push('12');
    stream.push('3');
    expect(observer.events).toEqual([]);
    expect(stream.end()).toEqual({ ok: true, value: 123 });
    expect(observer.events).toEqual([['value', '', 'number', 123]]);
  });

  it('stops the stream at a rejection, with its code and message at the place', () => {
    const observer = recorder((event) =>
      event[0] === 'member' && event[2] === 'bold'
        ? { code: 'UNKNOWN_FIELD', message: 'bold is not a field of text' }
        : undefined,
    );
    const stream = createJsonStream(undefined, observer);
    expect(stream.push('{"segments":[{"type":"text","data":{"text":"a",')).toBeUndefined();
    const issue = stream.push('"bold":true}}]}');
    expect(issue).toEqual({
      code: 'UNKNOWN_FIELD',
      message: 'bold is not a field of text',
      path: '/segments/0/data/bold',
      offset: 47,
      line: 1,
      column: 48,
    });
    const seen = observer.events.length;
    expect(stream.push('{"more":1}')).toBe(issue);
    expect(observer.events.length).toBe(seen);
    expect(stream.end()).toEqual({ ok: false, issue });
  });

  it('locates a rejected value at its start and a rejected closing at its bracket', () => {
    const onValue = recorder((event) =>
      event[0] === 'value' && event[2] === 'number'
        ? { code: 'WRONG_TYPE', message: 'expected a string' }
        : undefined,
    );
    expect(runStream(['{"id":', '12', '3}'], undefined, onValue)).toMatchObject({
      pushIndex: 2,
      pushed: { code: 'WRONG_TYPE', path: '/id', offset: 6 },
    });
    const onClose = recorder((event) =>
      event[0] === 'close' && event[1] === '/x'
        ? { code: 'MISSING_FIELD', message: 'x needs y' }
        : undefined,
    );
    expect(runStream(['{"x":{}', '}'], undefined, onClose)).toMatchObject({
      pushIndex: 0,
      pushed: { code: 'MISSING_FIELD', path: '/x', offset: 6 },
    });
  });

  it('calls the observer’s methods on the observer itself (a class instance keeps its this)', () => {
    class Counter implements JsonObserver {
      readonly seen: string[] = [];
      member(_path: JsonPath, _depth: number, name: string) {
        this.seen.push(`member ${name}`);
        return undefined;
      }
      value(_path: JsonPath, _depth: number, kind: JsonKind) {
        this.seen.push(`value ${kind}`);
        return undefined;
      }
      close(_path: JsonPath, _depth: number, kind: 'object' | 'array') {
        this.seen.push(`close ${kind}`);
        return undefined;
      }
      partial(_path: JsonPath, _depth: number, sofar: string) {
        this.seen.push(`partial ${sofar}`);
        return undefined;
      }
    }
    const counter = new Counter();
    expect(runStream(['{"ab', 'c":[1]}'], undefined, counter).result.ok).toBe(true);
    expect(counter.seen).toEqual([
      'value object',
      'partial ab',
      'member abc',
      'value array',
      'value number',
      'close array',
      'close object',
    ]);
  });

  it('reports the parser’s own violations before asking the observer', () => {
    const observer = recorder();
    const run = runStream(['{"a":1,"a":2}'], undefined, observer);
    expect(run.pushed?.code).toBe('DUPLICATE_KEY');
    expect(observer.events.filter((event) => event[0] === 'member')).toEqual([
      ['member', '/a', 'a'],
    ]);
  });
});
