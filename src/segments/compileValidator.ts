import { type CatalogNode, type CatalogObject, isCatalogTuple } from './catalogNode';
import { leafMatches } from './leafMatches';

/** A yes/no check of a value, compiled from a catalog node. */
export type FastCheck = (value: unknown) => boolean;

/**
 * A yes/no check of a value against a catalog node (the plain-data form of the valibot catalog)
 * that copies nothing and ends at the first mistake. It accepts exactly what `compileIssueFinder`
 * finds no issue in: what valibot accepts, except an array where an object belongs and an own
 * name that is not enumerable beyond the fields (valibot reads only enumerable names). It walks
 * the table itself rather than compiling closures: it is the renderer's check, where size counts.
 *
 * @example
 * const isReply = compileValidator(SEGMENT_TABLE);
 * isReply({ segments: [{ type: 'dice', data: {} }] }); // true
 */
export function compileValidator(node: CatalogNode): FastCheck {
  return (value) => matches(node, value);
}

function matches(node: CatalogNode, value: unknown): boolean {
  if (typeof node === 'string') return leafMatches(node, value);
  if (!isCatalogTuple(node)) return closed(node, value, 0);
  switch (node[0]) {
    case 'array':
      if (!Array.isArray(value)) return false;
      // An index loop, not every(): a hole in a sparse array is an undefined item, as in valibot.
      for (let index = 0; index < value.length; index++)
        if (!matches(node[1], value[index])) return false;
      return true;
    case 'variant': {
      const [, key, options] = node;
      const tag = isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
      return (
        typeof tag === 'string' && Object.hasOwn(options, tag) && closed(options[tag]!, value, 1)
      );
    }
    default:
      return leafMatches(node, value);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A closed object: every field present and right, and `extra` other own names (a variant's tag). */
function closed(node: CatalogObject, value: unknown, extra: number): boolean {
  if (!isObject(value)) return false;
  let size = extra;
  for (const key in node) {
    // Own names only: an enumerable name added to Object.prototype is no field of the catalog.
    if (!Object.hasOwn(node, key)) continue;
    if (!Object.hasOwn(value, key) || !matches(node[key]!, value[key])) return false;
    size++;
  }
  // Every own name, a non-enumerable one too (a hidden field must not stand in for an unknown).
  return Object.getOwnPropertyNames(value).length === size;
}
