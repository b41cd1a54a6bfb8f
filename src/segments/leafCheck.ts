import type { CatalogLeaf } from './catalogNode';

/** A yes/no check of a catalog leaf, as valibot decides it. */
export function leafCheck(node: CatalogLeaf): (value: unknown) => boolean {
  if (node === 'string') return (value) => typeof value === 'string';
  // valibot's number() refuses NaN.
  if (node === 'number') return (value) => typeof value === 'number' && !Number.isNaN(value);
  if (node[0] === 'literal') return (value) => value === node[1];
  if (node[0] === 'picklist') {
    const options = new Set<unknown>(node[1]);
    return (value) => options.has(value);
  }
  const options = node[1].map(leafCheck);
  return (value) => options.some((check) => check(value));
}
