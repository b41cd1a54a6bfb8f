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

  it('quotes data JSON cannot write as an error is', () => {
    const data: Record<string, unknown> = { note: `the key is ${KEY}`, big: 1n };
    const copy = quotedData(data, mask, quote) as Record<string, unknown>;
    expect(copy.note).toBe('the key is [REDACTED]');
    expect(copy.big).toBe(1n);
  });
});
