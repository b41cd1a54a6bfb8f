import type { CatalogLeaf } from './catalogNode';

/** Whether a value is what a catalog leaf accepts, as valibot decides it. */
export function leafMatches(node: CatalogLeaf, value: unknown): boolean {
  if (node === 'string') return typeof value === 'string';
  // valibot's number() refuses NaN.
  if (node === 'number') return typeof value === 'number' && !Number.isNaN(value);
  switch (node[0]) {
    case 'literal':
      return value === node[1];
    case 'picklist':
      return node[1].includes(value as string | number);
    case 'union':
      return node[1].some((leaf) => leafMatches(leaf, value));
  }
}
