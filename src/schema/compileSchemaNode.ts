import {
  ALL_KINDS,
  type Choices,
  KIND_BIT,
  type NamedProperty,
  type SchemaNode,
  isFalse,
} from './schemaNode';
import { blankNode } from './blankNode';
import type { BoundedPattern, BoundedPatterns } from './boundedPattern';

/** How a schema is read. */
export interface CompileOptions {
  /** The target of a schema object's `$ref`, or `undefined` when it cannot be resolved. */
  readonly resolve: (node: Readonly<Record<string, unknown>>) => unknown;
  /**
   * The schema was converted from a library's own (zod, valibot): its patterns may have lost
   * their flags, its lengths may count UTF-16 units, its `multipleOf` may be a float remainder
   * and its `oneOf` is a union that takes the first match. So patterns and `multipleOf` are not
   * judged, a minimum length is met by units, and `oneOf` is judged as `anyOf`.
   */
  readonly converted: boolean;
  /**
   * The schema's patterns, compiled for the linear-time engine (see prepareSchema). A pattern
   * not among them is never run here: the validator decides it.
   */
  readonly patterns?: BoundedPatterns | undefined;
}

/** The most schema objects one judge compiles; beyond, a subschema is judged at the end only. */
const MAX_NODES = 5_000;
/** The most values an `enum` may list to be judged early. */
const MAX_CHOICES = 10_000;

// Module constants are plain literals (kind bits as numbers: object 1, array 2, string 4, number
// 8, boolean 16, null 32), so a bundle that does not use the judge drops them.
const TYPE_BITS: Readonly<Record<string, number>> = {
  object: 1,
  array: 2,
  string: 4,
  number: 8,
  integer: 8,
  boolean: 16,
  null: 32,
};

// Keywords the validator applies that the judge leaves to it, with the kinds they apply to.
const UNMODELED: Readonly<Record<string, number>> = {
  format: 4,
  contains: 2,
  minContains: 2,
  maxContains: 2,
  dependentSchemas: 1,
  dependencies: 1,
};

/**
 * Compiles schemas for the streaming judge, each schema object once (shared and recursive
 * schemas included). A schema too large for the node budget is judged at the end only, past it.
 */
export function createSchemaCompiler(options: CompileOptions): (raw: unknown) => SchemaNode {
  const seen = new Map<unknown, SchemaNode>();
  let count = 0;
  const compile = (raw: unknown): SchemaNode => {
    const known = seen.get(raw);
    if (known !== undefined) return known;
    const node = blankNode();
    seen.set(raw, node);
    if (raw === true) return node;
    if (raw === false) {
      node.types = 0;
      node.prefixes = true;
      return node;
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || ++count > MAX_NODES) {
      node.opaque = node.inPlace = node.prefixes = true;
      node.inexact = ALL_KINDS;
      return node;
    }
    readKeywords(node, raw as Readonly<Record<string, unknown>>, compile, options);
    // A schema that is only a `$ref` is its target: one leaf per value instead of two.
    if (node.ref !== undefined && node.ref !== node && isOnlyRef(node)) {
      seen.set(raw, node.ref);
      return node.ref;
    }
    return node;
  };
  return compile;
}

/** Whether a node's one keyword is its `$ref` (annotations aside). */
function isOnlyRef(node: SchemaNode): boolean {
  const blank = BLANK;
  for (const key of Object.keys(blank) as (keyof SchemaNode)[]) {
    if (key === 'ref' || key === 'inPlace' || key === 'prefixes' || key === 'namesPrefixed')
      continue;
    if (node[key] !== blank[key]) return false;
  }
  return true;
}

const BLANK: SchemaNode = /* @__PURE__ */ blankNode();

function readKeywords(
  node: SchemaNode,
  schema: Readonly<Record<string, unknown>>,
  compile: (raw: unknown) => SchemaNode,
  options: CompileOptions,
): void {
  const own = (key: string): unknown => (Object.hasOwn(schema, key) ? schema[key] : undefined);
  const list = (key: string): SchemaNode[] | undefined => {
    const value = own(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.length === 0) {
      node.inexact = ALL_KINDS;
      return undefined;
    }
    return value.map(compile);
  };
  const count = (key: string, kinds: number): number | undefined => {
    const value = own(key);
    if (value === undefined) return undefined;
    if (Number.isInteger(value) && (value as number) >= 0) return value as number;
    node.inexact |= kinds;
    return undefined;
  };
  const bound = (key: string): number | undefined => {
    const value = own(key);
    if (value === undefined || (typeof value === 'number' && Number.isFinite(value))) return value;
    node.inexact |= KIND_BIT.number;
    return undefined;
  };

  const type = own('type');
  if (type !== undefined) readType(node, type);
  for (const keyword of ['const', 'enum'] as const) {
    if (!Object.hasOwn(schema, keyword)) continue;
    const choices = readChoices(keyword, keyword === 'const' ? [schema.const] : own('enum'));
    if (choices === undefined) node.inexact = ALL_KINDS;
    else (node.choices ??= []).push(choices);
  }
  for (const [keyword, kinds] of Object.entries(UNMODELED))
    if (own(keyword) !== undefined) node.inexact |= kinds;
  if (own('uniqueItems') === true) node.inexact |= KIND_BIT.array;

  // strings
  node.minLength = count('minLength', KIND_BIT.string);
  node.maxLength = count('maxLength', KIND_BIT.string);
  node.unitLength = options.converted;
  const pattern = own('pattern');
  if (pattern !== undefined) {
    node.pattern = options.converted ? undefined : bounded(pattern, options);
    if (node.pattern === undefined) node.inexact |= KIND_BIT.string;
  }
  // numbers
  node.minimum = bound('minimum');
  node.maximum = bound('maximum');
  node.exclusiveMinimum = bound('exclusiveMinimum');
  node.exclusiveMaximum = bound('exclusiveMaximum');
  node.multipleOf = bound('multipleOf');
  // A library's multipleOf may be a float remainder; the decimal one is the validator's.
  if (node.multipleOf !== undefined && (node.multipleOf <= 0 || options.converted)) {
    node.multipleOf = undefined;
    node.inexact |= KIND_BIT.number;
  }
  readObjectKeywords(node, own, compile, options, count);
  // arrays
  node.prefixItems = list('prefixItems');
  const items = own('items');
  if (items !== undefined) {
    if (typeof items === 'object' && items !== null && Array.isArray(items))
      node.inexact |= KIND_BIT.array; // the draft-7 form: the validator's, not judged here
    else node.items = compile(items);
  }
  if (own('unevaluatedItems') !== undefined && items === undefined)
    node.unevaluatedItems = compile(own('unevaluatedItems'));
  node.contains = own('contains') !== undefined;
  node.anyItem =
    items !== undefined ||
    own('contains') !== undefined ||
    (node.unevaluatedItems !== undefined && !isFalse(node.unevaluatedItems));
  node.minItems = count('minItems', KIND_BIT.array);
  node.maxItems = count('maxItems', KIND_BIT.array);

  // in place
  if (own('$ref') !== undefined) {
    const target = typeof own('$ref') === 'string' ? options.resolve(schema) : undefined;
    if (target === undefined) node.opaque = true;
    else node.ref = compile(target);
  }
  if (own('$dynamicRef') !== undefined || own('$recursiveRef') !== undefined) node.opaque = true;
  node.allOf = list('allOf');
  node.anyOf = list('anyOf');
  node.oneOf = list('oneOf');
  if (options.converted && node.oneOf !== undefined) {
    // A library's oneOf is a union that accepts when one option does (zod's discriminated
    // union, valibot's variant): judged as anyOf, never refused for two matches.
    const any = blankNode();
    any.anyOf = node.oneOf;
    any.inPlace = any.prefixes = true;
    node.allOf = [...(node.allOf ?? []), any];
    node.oneOf = undefined;
  }
  if (own('not') !== undefined) node.not = compile(own('not'));
  if (own('if') !== undefined) {
    node.if = compile(own('if'));
    if (own('then') !== undefined) node.then = compile(own('then'));
    if (own('else') !== undefined) node.else = compile(own('else'));
  }
  node.inPlace =
    node.opaque ||
    node.ref !== undefined ||
    node.allOf !== undefined ||
    node.anyOf !== undefined ||
    node.oneOf !== undefined ||
    node.not !== undefined ||
    node.if !== undefined;
  if (node.opaque) node.inexact = ALL_KINDS;
  node.namesPrefixed =
    node.closedNames !== undefined ||
    node.propertyNames !== undefined ||
    node.maxProperties !== undefined;
  node.prefixes =
    node.inPlace ||
    (node.types & KIND_BIT.string) === 0 ||
    node.choices !== undefined ||
    node.maxLength !== undefined;
}

function readObjectKeywords(
  node: SchemaNode,
  own: (key: string) => unknown,
  compile: (raw: unknown) => SchemaNode,
  options: CompileOptions,
  count: (key: string, kinds: number) => number | undefined,
): void {
  const map = (key: string): [string, unknown][] | undefined => {
    const value = own(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      node.inexact = ALL_KINDS;
      return undefined;
    }
    return Object.entries(value);
  };
  const properties = map('properties');
  if (properties !== undefined)
    node.properties = new Map(properties.map(([name, inner]) => [name, compile(inner)]));
  const patterns = map('patternProperties');
  let patternsTrusted = true;
  if (patterns !== undefined && patterns.length > 0) {
    const compiled = patterns.map(
      ([source, inner]) => [bounded(source, options), compile(inner)] as const,
    );
    if (options.converted || compiled.some(([re]) => re === undefined)) {
      // Which names a pattern matches is not known: names are left to the validator.
      patternsTrusted = false;
      node.inexact |= KIND_BIT.object;
    } else node.patterns = compiled as (readonly [BoundedPattern, SchemaNode])[];
  }
  const additional = own('additionalProperties');
  if (additional !== undefined && patternsTrusted) node.additional = compile(additional);
  else if (additional !== undefined) node.inexact |= KIND_BIT.object;
  // The validator reads unevaluatedProperties only when there is no additionalProperties.
  if (additional === undefined && own('unevaluatedProperties') !== undefined) {
    if (patternsTrusted) node.unevaluated = compile(own('unevaluatedProperties'));
    else node.inexact |= KIND_BIT.object;
  }
  if (node.additional !== undefined && isFalse(node.additional) && node.patterns === undefined)
    node.closedNames = [...(node.properties?.keys() ?? [])].sort();
  node.anyName =
    !patternsTrusted ||
    additional !== undefined ||
    (node.unevaluated !== undefined && !isFalse(node.unevaluated));
  const dependentSchemas = map('dependentSchemas');
  if (dependentSchemas !== undefined)
    node.dependentSchemas = dependentSchemas.map(([, inner]) => compile(inner));
  if (own('propertyNames') !== undefined) node.propertyNames = compile(own('propertyNames'));
  const required = own('required');
  if (required !== undefined) {
    if (Array.isArray(required) && required.every((name) => typeof name === 'string'))
      node.required = [...new Set(required)];
    else node.inexact |= KIND_BIT.object;
  }
  if (node.properties !== undefined || node.required !== undefined) {
    // One lookup per member name: its schema and whether it is required.
    const named = new Map<string, NamedProperty>();
    for (const [name, inner] of node.properties ?? [])
      named.set(name, { name, node: inner, required: -1 });
    node.required?.forEach((name, index) =>
      named.set(name, { name, node: node.properties?.get(name), required: index }),
    );
    node.named = named;
    node.namedByLength = byLength(named);
  }
  node.minProperties = count('minProperties', KIND_BIT.object);
  node.maxProperties = count('maxProperties', KIND_BIT.object);
  const dependent = map('dependentRequired');
  if (dependent !== undefined) {
    if (
      dependent.every(
        ([, names]) => Array.isArray(names) && names.every((name) => typeof name === 'string'),
      )
    )
      node.dependentRequired = new Map(dependent as [string, string[]][]);
    else node.inexact |= KIND_BIT.object;
  }
}

/** The longest name, and the most names of one length, that `namedByLength` holds. */
const MAX_NAME_LENGTH = 64;
const MAX_SAME_LENGTH = 8;

/** Names grouped by length, or `undefined` when one is long or a length has many (the map is used). */
function byLength(
  named: ReadonlyMap<string, NamedProperty>,
): (NamedProperty[] | undefined)[] | undefined {
  const groups: (NamedProperty[] | undefined)[] = [];
  for (const property of named.values()) {
    const length = property.name.length;
    if (length > MAX_NAME_LENGTH) return undefined;
    while (groups.length <= length) groups.push(undefined);
    const group = (groups[length] ??= []);
    if (group.length === MAX_SAME_LENGTH) return undefined;
    group.push(property);
  }
  return groups;
}

function readType(node: SchemaNode, type: unknown): void {
  const names = Array.isArray(type) ? type : [type];
  let bits = 0;
  for (const name of names) {
    const bit = typeof name === 'string' && Object.hasOwn(TYPE_BITS, name) ? TYPE_BITS[name] : 0;
    if (bit === 0) {
      // A type the judge cannot read: left to the validator.
      node.inexact = ALL_KINDS;
      return;
    }
    bits |= bit!;
  }
  node.types = bits;
  node.integer = names.includes('integer') && !names.includes('number');
}

function readChoices(keyword: 'const' | 'enum', values: unknown): Choices | undefined {
  if (!Array.isArray(values) || values.length > MAX_CHOICES) return undefined;
  let kinds = 0;
  let containers = 0;
  const scalars = new Set<unknown>();
  const strings: string[] = [];
  for (const value of values) {
    if (value === null) kinds |= KIND_BIT.null;
    else if (typeof value === 'string') {
      kinds |= KIND_BIT.string;
      strings.push(value);
    } else if (typeof value === 'number') kinds |= KIND_BIT.number;
    else if (typeof value === 'boolean') kinds |= KIND_BIT.boolean;
    else if (typeof value === 'object') {
      containers |= Array.isArray(value) ? KIND_BIT.array : KIND_BIT.object;
      continue;
    } else return undefined;
    scalars.add(value);
  }
  const few = scalars.size <= 8 ? [...scalars] : undefined;
  return { keyword, kinds, containers, scalars, few, strings: strings.sort() };
}

/** A pattern compiled for the linear-time engine, or undefined (left to the validator). */
function bounded(source: unknown, options: CompileOptions): BoundedPattern | undefined {
  return typeof source === 'string' ? options.patterns?.get(source) : undefined;
}
