import { appendPointer } from '../issues/appendPointer';

/** What `mapJson` replaces: each visitor returns the replacement (the same value keeps it). */
export interface JsonVisitors {
  /** A string value, with its RFC 6901 pointer. */
  readonly string?: ((text: string, pointer: string) => string) | undefined;
  /** A member name, with the pointer of its member. */
  readonly name?: ((name: string, pointer: string) => string) | undefined;
  /** A number; a replacement of another type (a mask) turns the value into that type. */
  readonly number?: ((value: number, pointer: string) => unknown) | undefined;
}

/** A mapped copy of a value, and the objects in which two renamed members came to share a name. */
export interface MappedJson<T> {
  readonly value: T;
  /** Pointers of the objects with a collision; the later member of each is left out. */
  readonly collisions: string[];
}

/**
 * Replaces the strings, member names and numbers of a JSON value as the visitors say, in a copy:
 * unchanged subtrees are returned as they are, so a value with nothing to replace costs no
 * allocation. A renamed member never silently overwrites another: when two members end up with
 * one name, the first keeps it, the later is left out and the object's pointer is reported.
 */
export function mapJson<T>(value: T, visitors: JsonVisitors): MappedJson<T> {
  const collisions: string[] = [];
  const { string, name, number } = visitors;
  const visit = (node: unknown, pointer: string): unknown => {
    if (typeof node === 'string') return string ? string(node, pointer) : node;
    if (typeof node === 'number') return number ? number(node, pointer) : node;
    if (Array.isArray(node)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        const next = visit(node[i], appendPointer(pointer, i));
        if (next !== node[i]) (copy ??= node.slice())[i] = next;
      }
      return copy ?? node;
    }
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const keys = Object.keys(record);
    let values: unknown[] | undefined;
    let names: string[] | undefined;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!;
      const inner = appendPointer(pointer, key);
      const renamed = name ? name(key, inner) : key;
      if (renamed !== key) (names ??= keys.slice())[k] = renamed;
      const next = visit(record[key], inner);
      if (next !== record[key]) (values ??= keys.map((each) => record[each]))[k] = next;
    }
    if (!values && !names) return node;
    if (!names) {
      const copy = { ...record };
      keys.forEach((key, k) => (copy[key] = values![k]));
      return copy;
    }
    // Object.fromEntries defines own properties: a name such as `__proto__` stays data.
    const seen = new Set<string>();
    const entries: [string, unknown][] = [];
    names.forEach((key, k) => {
      if (seen.has(key)) {
        if (!collisions.includes(pointer)) collisions.push(pointer);
        return;
      }
      seen.add(key);
      entries.push([key, values ? values[k] : record[keys[k]!]]);
    });
    return Object.fromEntries(entries);
  };
  return { value: visit(value, '') as T, collisions };
}
