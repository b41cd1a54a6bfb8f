import { encodePointer } from '../../src/issues/encodePointer';
import type { JsonKind, JsonObserver, JsonRejection } from '../../src/json/jsonObserver';

/** Where an observer refused a document: the rejection, the pointer of the place, the event count. */
export interface ObservedRejection extends JsonRejection {
  readonly pointer: string;
  readonly events: number;
}

/**
 * Feeds a parsed value to a parser observer, event by event in document order, the way the strict
 * push parser does: a container when it opens, each member name, each scalar when complete, the
 * container when it closes; one live path array. Member order is the value's key order, which is
 * source order for `JSON.parse` except integer-like names (JavaScript lists those first).
 * Returns the first rejection, or `undefined` when the observer accepted every event.
 */
export function emitJsonEvents(
  value: unknown,
  observer: JsonObserver,
): ObservedRejection | undefined {
  const path: (string | number)[] = [];
  let events = 0;
  let found: ObservedRejection | undefined;
  const stop = (rejection: JsonRejection | undefined, depth: number): boolean => {
    events++;
    if (rejection === undefined) return false;
    found = { ...rejection, pointer: encodePointer(path.slice(0, depth)), events };
    return true;
  };
  const visit = (item: unknown, depth: number): boolean => {
    const kind = kindOf(item);
    if (kind !== 'object' && kind !== 'array')
      return stop(
        observer.value(path, depth, kind, item as string | number | boolean | null),
        depth,
      );
    if (stop(observer.value(path, depth, kind), depth)) return true;
    if (kind === 'array') {
      const list = item as unknown[];
      for (let index = 0; index < list.length; index++) {
        path[depth] = index;
        if (visit(list[index], depth + 1)) return true;
      }
    } else {
      for (const name of Object.keys(item as object)) {
        path[depth] = name;
        if (stop(observer.member(path, depth + 1, name), depth + 1)) return true;
        if (visit((item as Record<string, unknown>)[name], depth + 1)) return true;
      }
    }
    // Like the parser's, the live path may hold stale entries past `depth`.
    return stop(observer.close(path, depth, kind), depth);
  };
  visit(value, 0);
  return found;
}

function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      throw new Error(`not a JSON value: ${typeof value}`);
  }
}
