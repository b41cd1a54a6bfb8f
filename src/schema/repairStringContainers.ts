import { appendPointer } from '../issues/appendPointer';
import type { JsonLimits } from '../json/jsonLimits';
import { parseJson } from '../json/parseJson';

/**
 * The one repair a custom-schema reply gets: a container the model wrote as a string
 * (`{"items": "[1,2]"}`) is parsed with the strict parser and put in its place. Returns a new
 * value and the pointers it changed, or `undefined` when no string holds a JSON array or object.
 * Repaired containers are not searched again (one repair, not a loop).
 */
export function repairStringContainers(
  value: unknown,
  limits?: Partial<JsonLimits>,
): { value: unknown; paths: string[] } | undefined {
  const paths: string[] = [];
  const walk = (node: unknown, pointer: string): unknown => {
    if (typeof node === 'string') {
      const first = node.trimStart().charCodeAt(0);
      if (first !== 0x5b && first !== 0x7b) return node; // [ or {
      const parsed = parseJson(node.trim(), limits);
      if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return node;
      paths.push(pointer);
      return parsed.value;
    }
    if (Array.isArray(node))
      return node.map((item, index) => walk(item, appendPointer(pointer, index)));
    if (typeof node === 'object' && node !== null) {
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(node)) {
        Object.defineProperty(copy, key, {
          value: walk((node as Record<string, unknown>)[key], appendPointer(pointer, key)),
          writable: true,
          enumerable: true,
          configurable: true,
        });
      }
      return copy;
    }
    return node;
  };
  const repaired = walk(value, '');
  return paths.length > 0 ? { value: repaired, paths } : undefined;
}
