import type { JsonKind } from '../json/jsonObserver';
import { describeValue } from '../segments/describeValue';
import { PATTERN_WORK, type PatternWork, testPattern } from './boundedPattern';
import { isMultipleOf } from './isMultipleOf';
import { type Choices, KIND_BIT, type SchemaNode } from './schemaNode';

/** A verdict: provably invalid, certainly valid, or not known before the full validator runs. */
export const enum Verdict {
  No,
  Yes,
  Maybe,
}

/**
 * Bounds one verdict: schemas applied in place are followed this deep and this often at most.
 * Its pattern work is the judge's, for the whole answer.
 */
export interface VerdictBudget extends PatternWork {
  steps: number;
  depth: number;
  /** Why the last `No` was given. */
  reason: string;
}

/** Nodes one verdict may visit before it gives up with `Maybe` (a deep `anyOf` nest). */
export const MAX_STEPS = 256;
/** In-place nesting one verdict follows (a `$ref` that applies itself, for one). */
export const MAX_IN_PLACE_DEPTH = 32;

const KIND_NAMES: readonly (readonly [number, string])[] = [
  [1, 'object'],
  [2, 'array'],
  [4, 'string'],
  [8, 'number'],
  [16, 'boolean'],
  [32, 'null'],
];

/** A kind's bit, by comparisons (a keyed lookup by a varying name is a slow, megamorphic one). */
export function kindBit(kind: JsonKind): number {
  return kind === 'string'
    ? 4
    : kind === 'number'
      ? 8
      : kind === 'object'
        ? 1
        : kind === 'array'
          ? 2
          : kind === 'boolean'
            ? 16
            : 32;
}

/** A fresh budget. */
export function verdictBudget(): VerdictBudget {
  return { steps: 0, depth: 0, reason: '', patternWork: PATTERN_WORK };
}

/** The three-valued AND. */
export function both(a: Verdict, b: Verdict): Verdict {
  return a === Verdict.No || b === Verdict.No
    ? Verdict.No
    : a === Verdict.Yes && b === Verdict.Yes
      ? Verdict.Yes
      : Verdict.Maybe;
}

/** What `type` allows, for a message. */
export function typeNames(node: SchemaNode): string {
  if (node.types === 0) return 'nothing (the false schema)';
  const names = KIND_NAMES.filter(([bit]) => (node.types & bit) !== 0).map(([bit, name]) =>
    bit === KIND_BIT.number && node.integer ? 'integer' : name,
  );
  return names.join(' or ');
}

/**
 * The verdict of a schema on a complete scalar (a string, number, boolean or null), with every
 * schema applied in place followed (within the budget). `No` only when the validator refuses it.
 */
export function judgeScalar(
  node: SchemaNode,
  kind: JsonKind,
  value: string | number | boolean | null,
  budget: VerdictBudget,
): Verdict {
  // Small, so the engine inlines it: most schemas apply nothing in place.
  const verdict = ownVerdict(node, kind, value, budget);
  return verdict === Verdict.No || !node.inPlace
    ? verdict
    : inPlaceVerdict(node, kind, value, budget, verdict);
}

/** `judgeScalar` through the schemas applied in place, after the node's own `verdict`. */
function inPlaceVerdict(
  node: SchemaNode,
  kind: JsonKind,
  value: string | number | boolean | null,
  budget: VerdictBudget,
  verdict: Verdict,
): Verdict {
  if (++budget.steps > MAX_STEPS || budget.depth >= MAX_IN_PLACE_DEPTH) return Verdict.Maybe;
  budget.depth++;
  try {
    const sub = (inner: SchemaNode) => judgeScalar(inner, kind, value, budget);
    if (node.ref !== undefined) verdict = both(verdict, sub(node.ref));
    if (verdict === Verdict.No) return verdict;
    if (node.opaque) verdict = both(verdict, Verdict.Maybe);
    for (const inner of node.allOf ?? []) {
      verdict = both(verdict, sub(inner));
      if (verdict === Verdict.No) return verdict;
    }
    if (node.anyOf !== undefined) {
      let any: Verdict = Verdict.No;
      for (const inner of node.anyOf) {
        const one = sub(inner);
        if (one === Verdict.Yes) {
          any = one;
          break;
        }
        if (one === Verdict.Maybe) any = one;
      }
      if (any === Verdict.No) return no(budget, `anyOf: no subschema matches (${budget.reason})`);
      verdict = both(verdict, any);
    }
    if (node.oneOf !== undefined) {
      let yes = 0;
      let maybe = 0;
      for (const inner of node.oneOf) {
        const one = sub(inner);
        if (one === Verdict.Yes) yes++;
        else if (one === Verdict.Maybe) maybe++;
      }
      if (yes > 1) return no(budget, `oneOf: ${yes} subschemas match, exactly one may`);
      if (yes + maybe === 0) return no(budget, `oneOf: no subschema matches (${budget.reason})`);
      verdict = both(verdict, yes === 1 && maybe === 0 ? Verdict.Yes : Verdict.Maybe);
    }
    if (node.not !== undefined) {
      const inner = sub(node.not);
      if (inner === Verdict.Yes) return no(budget, 'not: the value matches the "not" schema');
      verdict = both(verdict, inner === Verdict.No ? Verdict.Yes : Verdict.Maybe);
    }
    if (node.if !== undefined) {
      const condition = sub(node.if);
      const then = () => (node.then === undefined ? Verdict.Yes : sub(node.then));
      const otherwise = () => (node.else === undefined ? Verdict.Yes : sub(node.else));
      let branch: Verdict;
      if (condition === Verdict.Yes) branch = then();
      else if (condition === Verdict.No) branch = otherwise();
      else {
        const a = then();
        const b = otherwise();
        branch =
          a === Verdict.No && b === Verdict.No
            ? Verdict.No
            : a === Verdict.Yes && b === Verdict.Yes
              ? Verdict.Yes
              : Verdict.Maybe;
      }
      verdict = both(verdict, branch);
    }
    return verdict;
  } finally {
    budget.depth--;
  }
}

/** The node's own keywords on a complete scalar (messages built apart, so this stays inlinable). */
function ownVerdict(
  node: SchemaNode,
  kind: JsonKind,
  value: string | number | boolean | null,
  budget: VerdictBudget,
): Verdict {
  const bit = kindBit(kind);
  if ((node.types & bit) === 0 || (node.integer && kind === 'number' && (value as number) % 1))
    return no(budget, typeMessage(node, value));
  if (node.choices !== undefined) {
    const refused = refusedChoice(node.choices, bit, value);
    if (refused !== undefined) return no(budget, choiceMessage(refused, value));
  }
  if (kind === 'string') {
    if (node.minLength !== undefined || node.maxLength !== undefined || node.pattern !== undefined)
      return stringVerdict(node, value as string, bit, budget);
  } else if (kind === 'number') {
    if (
      node.minimum !== undefined ||
      node.maximum !== undefined ||
      node.exclusiveMinimum !== undefined ||
      node.exclusiveMaximum !== undefined ||
      node.multipleOf !== undefined
    )
      return numberVerdict(node, value as number, bit, budget);
  }
  return (node.inexact & bit) === 0 ? Verdict.Yes : Verdict.Maybe;
}

/** The first `const`/`enum` that does not allow a scalar. */
function refusedChoice(
  all: readonly Choices[],
  bit: number,
  value: string | number | boolean | null,
): Choices | undefined {
  for (let i = 0; i < all.length; i++) {
    const choices = all[i]!;
    if ((choices.kinds & bit) === 0) return choices;
    // A few values are compared one by one (`===` is `Set`'s equality on JSON scalars).
    const few = choices.few;
    if (few === undefined ? !choices.scalars.has(value) : !few.includes(value)) return choices;
  }
  return undefined;
}

function stringVerdict(node: SchemaNode, text: string, bit: number, budget: VerdictBudget) {
  // Code points are counted only where units do not settle it: a point is one or two units.
  const min = node.minLength;
  const units = text.length;
  if (
    min !== undefined &&
    (units < min || (!node.unitLength && units < 2 * min && codePoints(text, min) < min))
  )
    return no(budget, `minLength: the string is shorter than ${min}`);
  const max = node.maxLength;
  if (max !== undefined && units > max && (units > 2 * max || codePoints(text, max) > max))
    return no(budget, `maxLength: the string is longer than ${max}`);
  if (node.pattern !== undefined) {
    // Past the judge's pattern work, the validator decides.
    const matched = testPattern(node.pattern, text, budget);
    if (matched === false) return no(budget, 'pattern: the string does not match the pattern');
    if (matched === undefined) return Verdict.Maybe;
  }
  return (node.inexact & bit) === 0 ? Verdict.Yes : Verdict.Maybe;
}

function numberVerdict(node: SchemaNode, number: number, bit: number, budget: VerdictBudget) {
  if (node.minimum !== undefined && number < node.minimum)
    return no(budget, `minimum: ${number} is less than ${node.minimum}`);
  if (node.maximum !== undefined && number > node.maximum)
    return no(budget, `maximum: ${number} is greater than ${node.maximum}`);
  if (node.exclusiveMinimum !== undefined && number <= node.exclusiveMinimum)
    return no(budget, `exclusiveMinimum: ${number} is not greater than ${node.exclusiveMinimum}`);
  if (node.exclusiveMaximum !== undefined && number >= node.exclusiveMaximum)
    return no(budget, `exclusiveMaximum: ${number} is not less than ${node.exclusiveMaximum}`);
  if (node.multipleOf !== undefined && !isMultipleOf(number, node.multipleOf))
    return no(budget, `multipleOf: ${number} is not a multiple of ${node.multipleOf}`);
  return (node.inexact & bit) === 0 ? Verdict.Yes : Verdict.Maybe;
}

function typeMessage(node: SchemaNode, value: unknown): string {
  return `type: expected ${typeNames(node)}, got ${describeValue(value)}`;
}

function choiceMessage(choices: Choices, value: unknown): string {
  return `${choices.keyword}: ${describeValue(value)} is not allowed`;
}

/**
 * Why no string that starts with `text` can match the schema, or `undefined` while one can:
 * `type`, `const`/`enum` by prefix and `maxLength`, through the schemas applied in place.
 */
export function refusePrefix(
  node: SchemaNode,
  text: string,
  budget: VerdictBudget,
): string | undefined {
  if ((node.types & KIND_BIT.string) === 0)
    return `type: expected ${typeNames(node)}, got a string`;
  if (node.choices !== undefined) {
    const why = refusedChoicePrefix(node.choices, text);
    if (why !== undefined) return why;
  }
  const max = node.maxLength;
  // Code points are at least half the units: counted only when that does not settle it.
  if (
    max !== undefined &&
    text.length > max &&
    (text.length > 2 * max || codePoints(text, max) > max)
  )
    return `maxLength: the string is longer than ${max}`;
  return node.inPlace ? inPlaceRefusal(node, text, budget) : undefined;
}

function refusedChoicePrefix(all: readonly Choices[], text: string): string | undefined {
  for (const choices of all) {
    if ((choices.kinds & KIND_BIT.string) === 0 || !hasPrefix(choices.strings, text))
      return `${choices.keyword}: no allowed string starts with "${describeValue(text).slice(1, -1)}"`;
  }
  return undefined;
}

/** `refusePrefix` through the schemas applied in place. */
function inPlaceRefusal(node: SchemaNode, text: string, budget: VerdictBudget): string | undefined {
  if (++budget.steps > MAX_STEPS || budget.depth >= MAX_IN_PLACE_DEPTH) return undefined;
  budget.depth++;
  try {
    const sub = (inner: SchemaNode) => refusePrefix(inner, text, budget);
    let why = node.ref === undefined ? undefined : sub(node.ref);
    for (const inner of node.allOf ?? []) why ??= sub(inner);
    if (why !== undefined) return why;
    for (const list of [node.anyOf, node.oneOf]) {
      if (list === undefined) continue;
      let last: string | undefined;
      for (const inner of list) {
        last = sub(inner);
        if (last === undefined) break;
      }
      if (last !== undefined)
        return `${list === node.anyOf ? 'anyOf' : 'oneOf'}: no subschema matches (${last})`;
    }
    if (node.if !== undefined && node.else !== undefined) {
      const otherwise = sub(node.else);
      if (otherwise !== undefined) {
        if (sub(node.if) !== undefined) return otherwise;
        if (node.then !== undefined) {
          const then = sub(node.then);
          if (then !== undefined) return then;
        }
      }
    }
    return undefined;
  } finally {
    budget.depth--;
  }
}

/** Whether a sorted list holds a string that starts with `prefix`. */
export function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  if (sorted.length <= 8) {
    if (prefix.length === 0) return sorted.length > 0;
    // The first unit compared inline spares most calls of `startsWith`.
    const first = prefix.charCodeAt(0);
    for (let i = 0; i < sorted.length; i++) {
      const each = sorted[i]!;
      if (each.charCodeAt(0) === first && each.startsWith(prefix)) return true;
    }
    return false;
  }
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}

/** Unicode code points (what JSON Schema lengths count), counted up to `limit` + 1. */
export function codePoints(text: string, limit: number): number {
  let count = 0;
  for (let i = 0; i < text.length && count <= limit; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    count++;
  }
  return count;
}

function no(budget: VerdictBudget, reason: string): Verdict.No {
  budget.reason = reason;
  return Verdict.No;
}
