import type { JsonKind } from '../json/jsonObserver';
import type { BoundedPattern } from './boundedPattern';

/** JSON kinds as bits, so a schema's `type` is one number and a check is one `&`. */
export const KIND_BIT: Readonly<Record<JsonKind, number>> = {
  object: 1,
  array: 2,
  string: 4,
  number: 8,
  boolean: 16,
  null: 32,
};

/** Every kind. */
export const ALL_KINDS = 63;

/** One `const` or `enum`: the values it allows. */
export interface Choices {
  readonly keyword: 'const' | 'enum';
  /** The kinds of its scalar values. */
  readonly kinds: number;
  /** The kinds (object, array) of its container values: those are compared at the end only. */
  readonly containers: number;
  readonly scalars: ReadonlySet<unknown>;
  /** The same scalars as a list when there are a few (scanned faster than a set is hashed). */
  readonly few: readonly unknown[] | undefined;
  /** Its strings, sorted, so a prefix is looked up by binary search. */
  readonly strings: readonly string[];
}

/**
 * A JSON Schema (draft 2020-12) as the streaming judge reads it: each keyword it models decoded
 * once, the subschemas compiled (a `$ref` when first followed). Keywords it does not model make it
 * `inexact` for the kinds they apply to: it then never says "valid" there, only "still possible",
 * so a `not` or a `oneOf` above it waits for the full validator.
 */
export interface SchemaNode {
  /** The kinds `type` allows (all when absent); `integer` narrows numbers to integers. */
  types: number;
  integer: boolean;
  choices: Choices[] | undefined;
  // strings
  minLength: number | undefined;
  maxLength: number | undefined;
  pattern: BoundedPattern | undefined;
  /**
   * A library's minimum length, which may count UTF-16 units: met by units (a maximum is always
   * counted in code points, the smaller count, so neither way of counting is refused wrongly).
   */
  unitLength: boolean;
  // numbers
  minimum: number | undefined;
  maximum: number | undefined;
  exclusiveMinimum: number | undefined;
  exclusiveMaximum: number | undefined;
  multipleOf: number | undefined;
  // objects
  properties: Map<string, SchemaNode> | undefined;
  /** The property names, sorted, when `additionalProperties: false` closes the object. */
  closedNames: readonly string[] | undefined;
  patterns: (readonly [BoundedPattern, SchemaNode])[] | undefined;
  additional: SchemaNode | undefined;
  /** `unevaluatedProperties`, only without `additionalProperties` (the validator then skips it). */
  unevaluated: SchemaNode | undefined;
  propertyNames: SchemaNode | undefined;
  required: readonly string[] | undefined;
  /** Each property name it knows (from `properties` or `required`): its schema and required index (-1: not required). */
  named: ReadonlyMap<string, NamedProperty> | undefined;
  /**
   * The same, by name length, when each length has a few (see `findNamed`): a member name is
   * fresh text, and hashing it for the map costs more than comparing it with a few names.
   */
  namedByLength: readonly (readonly NamedProperty[] | undefined)[] | undefined;
  minProperties: number | undefined;
  maxProperties: number | undefined;
  dependentRequired: ReadonlyMap<string, readonly string[]> | undefined;
  // arrays
  prefixItems: readonly SchemaNode[] | undefined;
  items: SchemaNode | undefined;
  /** `unevaluatedItems`, only without `items` (after `items` nothing is left unevaluated). */
  unevaluatedItems: SchemaNode | undefined;
  minItems: number | undefined;
  maxItems: number | undefined;
  // applied in place
  ref: SchemaNode | undefined;
  allOf: readonly SchemaNode[] | undefined;
  anyOf: readonly SchemaNode[] | undefined;
  oneOf: readonly SchemaNode[] | undefined;
  not: SchemaNode | undefined;
  if: SchemaNode | undefined;
  then: SchemaNode | undefined;
  else: SchemaNode | undefined;
  /** `dependentSchemas`: not judged, but they may evaluate properties (see `EvaluationScope`). */
  dependentSchemas: readonly SchemaNode[] | undefined;
  /** It may evaluate any property (`additionalProperties`, a non-false `unevaluatedProperties`), or names the judge cannot match. */
  anyName: boolean;
  /** It may evaluate any item (`items`, `contains`, a non-false `unevaluatedItems`). */
  anyItem: boolean;
  /** It has `contains`, which evaluates the items it matches. */
  contains: boolean;
  /** An in-place keyword the judge does not follow (`$dynamicRef`, `$recursiveRef`, a `$ref` it cannot resolve). */
  opaque: boolean;
  /** Whether it can refuse a member name by its prefix (closed names, `propertyNames`, `maxProperties`). */
  namesPrefixed: boolean;
  /** Whether it can refuse a string by its prefix (`type`, `const`/`enum`, `maxLength`, or in place). */
  prefixes: boolean;
  /** Whether anything applies in place (a `$ref`, a combinator, a condition, an opaque keyword). */
  inPlace: boolean;
  /** Kinds for which its own keywords are not all modeled exactly. */
  inexact: number;
  /** What the evaluation keywords of every schema applied in place here can evaluate (cached). */
  scope: EvaluationScope | undefined;
}

/** A property name a schema knows: its schema (if in `properties`) and its index in `required` (or -1). */
export interface NamedProperty {
  readonly name: string;
  readonly node: SchemaNode | undefined;
  readonly required: number;
}

/**
 * What the schemas applied in place at one instance location can evaluate, as far as
 * `unevaluatedProperties` / `unevaluatedItems` care: named and pattern properties, prefix items,
 * and the nodes that may evaluate anything (additional, unevaluated, items, contains, opaque).
 */
export interface EvaluationScope {
  readonly names: ReadonlySet<string>;
  readonly patterns: readonly BoundedPattern[];
  readonly anyProperty: readonly SchemaNode[];
  readonly prefixLength: number;
  readonly anyItem: readonly SchemaNode[];
  /** Something in scope could not be followed: nothing is provably unevaluated. */
  readonly opaque: boolean;
}

/** The `false` schema, or one that is as plainly impossible (`{"not": {}}` aside). */
export function isFalse(node: SchemaNode): boolean {
  return node.types === 0 && !node.inPlace;
}
