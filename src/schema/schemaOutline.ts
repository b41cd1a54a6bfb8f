import type { Issue } from '../issues/issue';
import { appendPointer } from '../issues/appendPointer';

/** A pattern a schema runs: a `pattern` or a `patternProperties` name, and where it is. */
export interface PatternSite {
  readonly source: string;
  /** The RFC 6901 pointer of the place in the schema. */
  readonly path: string;
}

/** Where a schema object is: its pointer, and its document (0: the schema, then each remote). */
export interface SchemaPlace {
  readonly path: string;
  readonly document: number;
}

/** Every schema object of a schema (and its remotes) with its place, and the patterns they hold. */
export interface SchemaOutline {
  /** Each schema object with its place (the first it was found at), in document order. */
  readonly nodes: ReadonlyMap<object, SchemaPlace>;
  readonly patterns: readonly PatternSite[];
  readonly issues: Issue[];
}

/** The deepest nesting of objects and arrays a schema may have. */
export const MAX_SCHEMA_DEPTH = 128;
/** The most schema objects a schema may hold (a shared object counts each time it is reached). */
export const MAX_SCHEMA_NODES = 100_000;

// The keywords @cfworker/json-schema reads as subschemas (its dereference walks every other key
// as one) or not at all: so every object it may validate against, through a `$ref` too, is here.
const NOT_SCHEMAS = new Set([
  'id',
  '$id',
  '$ref',
  '$schema',
  '$anchor',
  '$vocabulary',
  '$comment',
  'default',
  'enum',
  'const',
  'required',
  'dependentRequired',
  'type',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'maxProperties',
  'minProperties',
]);
const SCHEMA_LISTS = new Set(['prefixItems', 'items', 'allOf', 'anyOf', 'oneOf']);
const SCHEMA_MAPS = new Set([
  '$defs',
  'definitions',
  'properties',
  'patternProperties',
  'dependentSchemas',
]);

/**
 * Walks a schema as its validator does (every subschema, known keyword or not), without
 * recursion: its schema objects and patterns, or SCHEMA_MALFORMED issues for a schema too deep or
 * too large to walk, a non-string `pattern`, or an object that contains itself (an object graph,
 * not JSON). `roots` are more schemas to walk (remotes), each under its own prefix.
 */
export function schemaOutline(
  schema: unknown,
  roots: readonly (readonly [prefix: string, schema: unknown])[] = [],
): SchemaOutline {
  const nodes = new Map<object, SchemaPlace>();
  const patterns: PatternSite[] = [];
  const issues: Issue[] = [];
  let count = 0;
  const documents = [['', schema] as const, ...roots];
  for (let document = 0; document < documents.length; document++) {
    const [prefix, root] = documents[document]!;
    // Depth-first with an explicit stack; `open` holds the objects on the current path.
    const stack: { value: unknown; path: string; depth: number; exit?: object }[] = [
      { value: root, path: prefix, depth: 0 },
    ];
    const open = new Set<object>();
    while (stack.length > 0) {
      const { value, path, depth, exit } = stack.pop()!;
      if (exit !== undefined) {
        open.delete(exit);
        continue;
      }
      if (typeof value !== 'object' || value === null) continue;
      if (open.has(value))
        return fail(nodes, patterns, path, 'the schema contains itself (it is not JSON)');
      if (depth > MAX_SCHEMA_DEPTH)
        return fail(
          nodes,
          patterns,
          path,
          `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`,
        );
      if (++count > MAX_SCHEMA_NODES)
        return fail(nodes, patterns, path, `the schema has more than ${MAX_SCHEMA_NODES} parts`);
      open.add(value);
      stack.push({ value: undefined, path, depth, exit: value });
      const children: { value: unknown; path: string; depth: number }[] = [];
      if (Array.isArray(value)) {
        // An array is walked only where it lists schemas (see below).
        value.forEach((item, i) =>
          children.push({ value: item, path: appendPointer(path, i), depth: depth + 1 }),
        );
      } else {
        if (!nodes.has(value)) nodes.set(value, { path, document });
        readPatterns(value as Record<string, unknown>, path, patterns, issues);
        for (const key of Object.keys(value)) {
          if (NOT_SCHEMAS.has(key)) continue;
          const child = (value as Record<string, unknown>)[key];
          const at = appendPointer(path, key);
          if (Array.isArray(child) && !SCHEMA_LISTS.has(key)) continue;
          if (SCHEMA_MAPS.has(key) && typeof child === 'object' && child !== null) {
            for (const name of Object.keys(child))
              children.push({
                value: (child as Record<string, unknown>)[name],
                path: appendPointer(at, name),
                depth: depth + 2,
              });
          } else children.push({ value: child, path: at, depth: depth + 1 });
        }
      }
      // Reversed, so the walk visits them in document order.
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return { nodes, patterns, issues };
}

function readPatterns(
  node: Record<string, unknown>,
  path: string,
  patterns: PatternSite[],
  issues: Issue[],
): void {
  if (Object.hasOwn(node, 'pattern')) {
    const at = appendPointer(path, 'pattern');
    if (typeof node.pattern === 'string') patterns.push({ source: node.pattern, path: at });
    else issues.push(malformed(at, 'a pattern must be a string'));
  }
  const map = node.patternProperties;
  if (typeof map === 'object' && map !== null && !Array.isArray(map))
    for (const source of Object.keys(map))
      patterns.push({
        source,
        path: appendPointer(appendPointer(path, 'patternProperties'), source),
      });
}

function fail(
  nodes: Map<object, SchemaPlace>,
  patterns: PatternSite[],
  path: string,
  message: string,
): SchemaOutline {
  return { nodes, patterns, issues: [malformed(path, message)] };
}

function malformed(path: string, message: string): Issue {
  return { code: 'SCHEMA_MALFORMED', path, message };
}
