import { type CatalogNode, type CatalogObject, isCatalogTuple } from './catalogNode';
import { leafCheck } from './leafCheck';

/** A yes/no check of a value, compiled from a catalog node. */
export type FastCheck = (value: unknown) => boolean;

/**
 * Compiles a catalog node (the plain-data form of the valibot catalog) into a yes/no check that
 * copies nothing and ends at the first mistake. It accepts exactly what `compileIssueFinder`
 * finds no issue in: what valibot accepts, except an array where an object belongs.
 *
 * @example
 * const isReply = compileValidator(SEGMENT_TABLE);
 * isReply({ segments: [{ type: 'dice', data: {} }] }); // true
 */
export function compileValidator(node: CatalogNode): FastCheck {
  if (!isCatalogTuple(node)) return typeof node === 'string' ? leafCheck(node) : compileObject(node);
  if (node[0] === 'array') {
    const item = compileValidator(node[1]);
    return (value) => {
      if (!Array.isArray(value)) return false;
      // An index loop, not every(): a hole in a sparse array is an undefined item, as in valibot.
      for (let index = 0; index < value.length; index++) if (!item(value[index])) return false;
      return true;
    };
  }
  if (node[0] !== 'variant') return leafCheck(node);
  const [, key, options] = node;
  const byTag = new Map(Object.entries(options).map(([tag, option]) => [tag, compileObject(option, key)]));
  return (value) => {
    const check = isObject(value) && Object.hasOwn(value, key) ? byTag.get(value[key] as string) : undefined;
    return check !== undefined && check(value);
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A closed object: every field present and right, no other own enumerable name (but a variant's `tag`). */
function compileObject(node: CatalogObject, tag?: string): FastCheck {
  const entries = Object.entries(node).map(([key, inner]) => [key, compileValidator(inner)] as const);
  const size = entries.length + (tag === undefined ? 0 : 1);
  return (value) => {
    if (!isObject(value)) return false;
    for (const [key, check] of entries) if (!Object.hasOwn(value, key) || !check(value[key])) return false;
    let count = 0;
    for (const key in value) if (Object.hasOwn(value, key)) count++;
    return count === size;
  };
}
