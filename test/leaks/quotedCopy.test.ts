import { describe, expect, it } from 'vitest';
import { quotedCopy, quotedData } from '../../src/leaks/quotedCopy';
import { quoteOutbound } from '../../src/leaks/quoteOutbound';
import { maskLeaks } from '../../src/leaks/maskLeaks';

const KEY = `ghp_${'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6'}`;
const quote = (text: string, max: number) => quoteOutbound(text, { max });
const mask = (value: unknown) => maskLeaks(value).value;

describe('quotedCopy (an error as it leaves)', () => {
  it('keeps the class and masks the message, the stack and the fields', () => {
    const error = Object.assign(new TypeError(`refused ${KEY}`), { body: `echo ${KEY}` });
    const copy = quotedCopy(error, quote) as TypeError & { body: string };
    expect(copy).toBeInstanceOf(TypeError);
    expect(copy.message).toBe('refused [REDACTED]');
    expect(copy.body).toBe('echo [REDACTED]');
    expect(copy.stack).not.toContain(KEY);
    expect(error.message).toContain(KEY);
  });

  it('copies a Date, a Map and a Set with their state, their texts masked', () => {
    const at = new Date(0);
    const details = {
      at,
      headers: new Map([['authorization', `Bearer ${KEY}`]]),
      seen: new Set([`key ${KEY}`]),
    };
    const copy = quotedCopy({ details }, quote) as { details: typeof details };
    expect(copy.details.at).toBeInstanceOf(Date);
    expect(copy.details.at.getTime()).toBe(0);
    expect(copy.details.headers.get('authorization')).toBe('Bearer [REDACTED]');
    expect([...copy.details.seen]).toEqual(['key [REDACTED]']);
    expect(() => JSON.stringify(copy)).not.toThrow();
    expect(JSON.stringify(copy)).not.toContain(KEY);
  });

  it('gives any other built-in as its masked text, never a shell whose methods throw', () => {
    const cause = {
      url: new URL(`https://x.example/?key=${KEY}`),
      pattern: new RegExp(KEY),
      bytes: new Uint8Array([1, 2]),
    };
    const copy = quotedCopy(new Error('failed', { cause }), quote) as Error;
    expect(() => JSON.stringify(copy)).not.toThrow();
    expect(copy.cause).toEqual({
      url: 'https://x.example/?key=[REDACTED]',
      pattern: '/[REDACTED]/',
      bytes: '1,2',
    });
  });

  it('reads a throwing getter as nothing, and gives nothing for a value that cannot be read', () => {
    const error = Object.defineProperty(new Error(`x ${KEY}`), 'body', {
      get() {
        throw new Error('unreadable');
      },
      enumerable: true,
    });
    const copy = quotedCopy(error, quote) as Error & { body: unknown };
    expect(copy.message).toBe('x [REDACTED]');
    expect(copy.body).toBeUndefined();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(quotedCopy(proxy, quote)).toBeUndefined();
  });

  it('keeps a cycle through a Map', () => {
    const map = new Map<string, unknown>([['note', `key ${KEY}`]]);
    map.set('self', map);
    const copy = quotedCopy({ map }, quote) as { map: Map<string, unknown> };
    expect(copy.map.get('self')).toBe(copy.map);
    expect(copy.map.get('note')).toBe('key [REDACTED]');
  });

  it('keeps cycles and drops what is nested deeper than four levels', () => {
    const error: Record<string, unknown> = { message: `x ${KEY}` };
    error.self = error;
    error.deep = { a: { b: { c: { d: KEY } } } };
    const copy = quotedCopy(error, quote) as Record<string, unknown>;
    expect(copy.self).toBe(copy);
    expect(JSON.stringify((copy.deep as { a: unknown }).a)).not.toContain(KEY);
  });
});

describe('quotedData (a tool result or a trace as it leaves)', () => {
  it('masks the data as JSON writes it, nothing shortened or dropped', () => {
    const long = 'Long notes here. '.repeat(400);
    const data = {
      at: new Date(0),
      long,
      note: `the key is ${KEY}`,
      deep: { a: { b: { c: { d: { e: 1 } } } } },
    };
    expect(quotedData(data, mask, quote)).toEqual({
      at: new Date(0).toISOString(),
      long,
      note: 'the key is [REDACTED]',
      deep: data.deep,
    });
  });

  it('never throws: a throwing getter, nesting deeper than the mask walks, a toJSON giving nothing', () => {
    const getter = {
      note: `the key is ${KEY}`,
      get broken(): string {
        throw new Error('unreadable');
      },
    };
    expect(quotedData(getter, mask, quote)).toEqual({ note: 'the key is [REDACTED]' });
    let deep: unknown = `the key is ${KEY}`;
    for (let depth = 0; depth < 3900; depth++) deep = [deep];
    expect(JSON.stringify(quotedData(deep, mask, quote)) ?? '').not.toContain(KEY);
    expect(quotedData({ toJSON: () => undefined, note: KEY }, mask, quote)).toBeUndefined();
  });

  it('quotes data JSON cannot write as an error is', () => {
    const data: Record<string, unknown> = { note: `the key is ${KEY}`, big: 1n };
    const copy = quotedData(data, mask, quote) as Record<string, unknown>;
    expect(copy.note).toBe('the key is [REDACTED]');
    expect(copy.big).toBe(1n);
  });
});
