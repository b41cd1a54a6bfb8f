import type { GenericSchema } from 'valibot';

/** A JSON string or number; its name is also what an issue message says it expects. */
export type CatalogScalar = 'string' | 'number';

/** One exact value, and valibot's words for it (`"text"`). */
export type CatalogLiteral = readonly ['literal', string | number, string];

/** One of a few values (a media `kind`), and valibot's words for them. */
export type CatalogPicklist = readonly ['picklist', readonly (string | number)[], string];

/** Any of a few leaves (a face `id`: string or number), and valibot's words for them. */
export type CatalogUnion = readonly ['union', readonly CatalogLeaf[], string];

/** A node that holds no other value. */
export type CatalogLeaf = CatalogScalar | CatalogLiteral | CatalogPicklist | CatalogUnion;

/** An array of one kind of item. */
export type CatalogArray = readonly ['array', CatalogNode];

/**
 * Closed objects chosen by the value of one field (the segment `type`): by that value, the
 * object's other fields. The tag field itself is implied.
 */
export type CatalogVariant = readonly [
  'variant',
  string,
  { readonly [tag: string]: CatalogObject },
];

/** A closed object: its fields in order, every one required, no others. */
export interface CatalogObject {
  readonly [field: string]: CatalogNode;
}

/** A node written as a tuple: its kind first. */
export type CatalogTuple =
  CatalogLiteral | CatalogPicklist | CatalogUnion | CatalogArray | CatalogVariant;

/**
 * The segment catalog as plain data: what `validateSegments`, the segment judge, the renderer's
 * check and the model instruction read at run time, so none of them ships valibot. A string is a
 * scalar, a tuple names its kind first, a plain object is a closed object. It is derived from the
 * valibot catalog at build time (`npm run generate`, `segmentTable.generated.ts`), never by hand.
 */
export type CatalogNode = CatalogScalar | CatalogTuple | CatalogObject;

/** Whether a node is written as a tuple (not a scalar, not a closed object). */
export const isCatalogTuple = (node: CatalogNode): node is CatalogTuple => Array.isArray(node);

type ValibotNode = GenericSchema & {
  readonly expects: string;
  readonly entries?: Record<string, ValibotNode>;
  readonly options?: readonly (ValibotNode | string | number)[];
  readonly item?: ValibotNode;
  readonly key?: string;
  readonly literal?: unknown;
  readonly pipe?: readonly unknown[];
};

/**
 * Derives the plain-data node of a valibot schema made of the subset the catalog uses
 * (strictObject, variant on a literal tag, array, a union of leaves, literal, picklist, string,
 * number). Anything else throws, so the run-time checks and valibot can never silently disagree.
 * Build-time and test code only: the run time reads the generated table.
 *
 * @example
 * catalogNode(v.strictObject({ a: v.string(), b: v.array(v.number()) })); // { a: 'string', b: ['array', 'number'] }
 */
export function catalogNode(schema: GenericSchema): CatalogNode {
  return derive(schema, true);
}

const fail = (why: string): never => {
  throw new Error(`catalogNode: ${why}`);
};

const isValue = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

function derive(node: ValibotNode, container: boolean): CatalogNode {
  if (node.pipe && node.pipe.length > 1) fail(`pipes are not supported (${node.type})`);
  switch (node.type) {
    case 'string':
    case 'number':
      // The scalar's name stands for valibot's words for it.
      return node.expects === node.type ? node.type : fail(`unexpected expects of ${node.type}`);
    case 'literal':
      return isValue(node.literal)
        ? ['literal', node.literal, node.expects]
        : fail('a literal must be a string or a number');
    case 'picklist':
      return node.options!.every(isValue)
        ? ['picklist', [...(node.options as (string | number)[])], node.expects]
        : fail('a picklist must list strings or numbers');
  }
  // A union holds leaves only: valibot names the issues inside a union of containers its own way.
  if (!container) fail(`a union of containers is not supported (${node.type})`);
  switch (node.type) {
    case 'union':
      return [
        'union',
        (node.options as ValibotNode[]).map((option) => derive(option, false) as CatalogLeaf),
        node.expects,
      ];
    case 'array':
      return ['array', derive(node.item!, true)];
    case 'strict_object':
      return strictObject(node);
    case 'variant': {
      const key = node.key!;
      const options: Record<string, CatalogObject> = {};
      for (const option of node.options as ValibotNode[]) {
        const tag = option.type === 'strict_object' ? option.entries![key] : undefined;
        if (tag?.type !== 'literal' || typeof tag.literal !== 'string')
          fail('a variant option must be a strictObject with a string literal tag');
        if (Object.hasOwn(options, tag!.literal as string))
          fail(`the variant tag "${tag!.literal as string}" is used twice`);
        // The tag's own entry is implied: the option is chosen by it, so it is never wrong.
        options[tag!.literal as string] = strictObject(option, key);
      }
      return ['variant', key, options];
    }
  }
  return fail(`valibot "${node.type}" is not supported`);
}

function strictObject(node: ValibotNode, tag?: string): CatalogObject {
  const object: Record<string, CatalogNode> = {};
  for (const [name, inner] of Object.entries(node.entries!)) {
    // Written out as an object literal, this name would set a prototype instead of a field.
    if (name === '__proto__') fail('a field named "__proto__" is not supported');
    if (name !== tag) object[name] = derive(inner, true);
  }
  return object;
}
