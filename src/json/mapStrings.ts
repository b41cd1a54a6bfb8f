import { appendPointer } from '../issues/encodePointer';

/**
 * Calls `visit` on every string of a JSON value (member names excluded) with its RFC 6901
 * pointer, and returns a copy in which each string is replaced by what `visit` returned.
 * Unchanged subtrees are returned as they are, so a clean reply costs no allocation.
 */
export function mapStrings<T>(
  value: T,
  visit: (text: string, pointer: string) => string,
  pointer = '',
): T {
  if (typeof value === 'string') return visit(value, pointer) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next: unknown = mapStrings<unknown>(value[i], visit, appendPointer(pointer, i));
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return (copy ?? value) as T;
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(record)) {
      const inner = record[key];
      const next = mapStrings(inner, visit, appendPointer(pointer, key));
      if (next !== inner) (copy ??= { ...record })[key] = next;
    }
    return (copy ?? value) as T;
  }
  return value;
}
