import { describe, expect, it } from 'vitest';
import { mapJson } from '../../src/json/mapJson';

describe('mapJson', () => {
  const value = { a: ['x', 1, { b: 'y' }], c: 2.5, d: null, e: true };

  it('returns the value itself when nothing changes (no copy)', () => {
    const mapped = mapJson(value, {
      string: (text) => text,
      name: (name) => name,
      number: (number) => number,
    });
    expect(mapped.value).toBe(value);
    expect(mapped.collisions).toEqual([]);
  });

  it('visits strings, names and numbers with their pointers, names before their values', () => {
    const seen: string[] = [];
    mapJson(
      { 'a/b': { '~': 'v' }, n: [7] },
      {
        string: (text, pointer) => (seen.push(`s ${pointer}`), text),
        name: (name, pointer) => (seen.push(`k ${pointer}`), name),
        number: (number, pointer) => (seen.push(`n ${pointer}`), number),
      },
    );
    expect(seen).toEqual(['k /a~1b', 'k /a~1b/~0', 's /a~1b/~0', 'k /n', 'n /n/0']);
  });

  it('copies only the changed path, and a number may become a string', () => {
    const mapped = mapJson(value, { number: (number) => (number === 1 ? 'one' : number) });
    expect(mapped.value).toEqual({ a: ['x', 'one', { b: 'y' }], c: 2.5, d: null, e: true });
    expect(mapped.value.a[2]).toBe(value.a[2]);
  });

  it('renames members in place, keeps `__proto__` a plain member, and never overwrites', () => {
    const renamed = mapJson(JSON.parse('{"x":1,"__proto__":2,"y":3}') as Record<string, number>, {
      name: (name) => (name === 'x' ? 'z' : name),
    });
    expect(Object.keys(renamed.value)).toEqual(['z', '__proto__', 'y']);
    expect(Object.getPrototypeOf(renamed.value)).toBe(Object.prototype);
    const collided = mapJson(
      { inner: { a: 1, b: 2, c: 3 } },
      { name: (name) => (name === 'b' ? 'a' : name) },
    );
    expect(collided.value).toEqual({ inner: { a: 1, c: 3 } });
    expect(collided.collisions).toEqual(['/inner']);
  });
});
