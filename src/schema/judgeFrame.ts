import { excerpt } from '../issues/excerpt';
import type { JsonKind } from '../json/jsonObserver';
import { testPattern } from './boundedPattern';
import { isFalse } from './schemaNode';
import { evaluationScope, mayEvaluateItem, mayEvaluateName } from './evaluationScope';
import {
  Verdict,
  both,
  hasPrefix,
  judgeScalar,
  kindBit,
  refusePrefix,
  type VerdictBudget,
} from './judgeScalar';
import { type Formula, type Part, buildFormula, dropFormula, evaluate } from './schemaFormula';
import type { NamedProperty, SchemaNode } from './schemaNode';

// The streaming schema judge's work on one open container (see createSchemaJudge): what its
// members must match, and its verdict when it closes.

/** The most leaves judging one container at once; past it a schema is left to the validator. */
export const MAX_LIVE_LEAVES = 64;

/** Required names counted as bits of `Part.seenRequired` (the rest in `Part.names`): a bit of a 31-bit number each. */
const REQUIRED_BITS = 30;

/** Object and array, as kind bits (a literal, so a bundle without the judge drops it). */
const CONTAINERS = 3;

/** One open container: the leaves judging it, and the demands on its next member. */
export interface Frame {
  array: boolean;
  /** The live leaves `leaves[0..leafCount)` and formulas `formulas[0..formulaCount)` (reused arrays). */
  readonly leaves: Part[];
  leafCount: number;
  readonly formulas: Formula[];
  formulaCount: number;
  count: number;
  readonly demandLeaves: (Part | undefined)[];
  readonly demandNodes: (SchemaNode | SchemaNode[])[];
}

/** A container opens: a formula for each demand on it, their leaves judging its members. */
export function openContainer(
  parent: Frame,
  opened: Frame,
  kind: 'object' | 'array',
  died: (formula: Formula, reason: string) => void,
): Frame {
  const bit = kindBit(kind);
  opened.array = kind === 'array';
  opened.leafCount = opened.formulaCount = opened.count = 0;
  for (let i = 0; i < parent.count; i++) {
    const leaf = parent.demandLeaves[i];
    if (leaf?.dead === true) continue;
    // The formulas of the last container closed at this depth are spares (nothing keeps them).
    const formula = buildFormula(
      parent.demandNodes[i]!,
      bit,
      leaf,
      MAX_LIVE_LEAVES - opened.leafCount,
      opened.formulas[opened.formulaCount],
    );
    opened.formulas[opened.formulaCount++] = formula;
    const leaves = formula.leaves;
    for (let k = 0; k < leaves.length; k++)
      if (!leaves[k]!.dead) opened.leaves[opened.leafCount++] = leaves[k]!;
    if (formula.root.dead) dropFormula(formula, formula.root.reason, died);
  }
  return opened;
}

/** A scalar is complete: each demand on it is judged, and its leaf hears the verdict. */
export function judgeScalars(
  parent: Frame,
  kind: JsonKind,
  scalar: string | number | boolean | null,
  repair: boolean,
  kill: Kill,
  budget: VerdictBudget,
): void {
  for (let i = 0; i < parent.count; i++) {
    const leaf = parent.demandLeaves[i];
    if (leaf?.dead === true) continue;
    const nodes = parent.demandNodes[i]!;
    let result = Verdict.Yes;
    budget.steps = 0;
    if (
      kind === 'string' &&
      repair &&
      acceptsContainers(nodes) &&
      mayHoldContainer(scalar as string, true)
    )
      result = Verdict.Maybe;
    else if (Array.isArray(nodes)) {
      for (const node of nodes) {
        result = both(result, judgeScalar(node, kind, scalar, budget));
        if (result === Verdict.No) break;
      }
    } else result = judgeScalar(nodes, kind, scalar, budget);
    if (result === Verdict.No) kill(leaf, budget.reason);
    else if (result === Verdict.Maybe && leaf !== undefined) leaf.exact = false;
  }
}

/** An empty frame (frames are reused by depth: see createSchemaJudge). */
export function frame(array: boolean): Frame {
  return {
    array,
    leaves: [],
    leafCount: 0,
    formulas: [],
    formulaCount: 0,
    count: 0,
    demandLeaves: [],
    demandNodes: [],
  };
}

/** Adds one child schema to a frame's demands, for `leaf`. */
function demand(parent: Frame, leaf: Part, node: SchemaNode): void {
  const at = parent.count;
  if (at > 0 && parent.demandLeaves[at - 1] === leaf) {
    const nodes = parent.demandNodes[at - 1]!;
    parent.demandNodes[at - 1] = Array.isArray(nodes) ? [...nodes, node] : [nodes, node];
    return;
  }
  parent.demandLeaves[at] = leaf;
  parent.demandNodes[at] = node;
  parent.count = at + 1;
}

/** Refuses a leaf (or, with none, the document) for a reason. */
export type Kill = (leaf: Part | undefined, reason: string) => void;

/** A member name closed: each live leaf counts it and says what its value must match. */
export function memberDemands(
  parent: Frame,
  name: string,
  kill: Kill,
  budget: VerdictBudget,
): void {
  parent.count = 0;
  for (let k = 0; k < parent.leafCount; k++) {
    const leaf = parent.leaves[k]!;
    if (leaf.dead) continue;
    const node = leaf.node;
    leaf.count++;
    if (node.maxProperties !== undefined && leaf.count > node.maxProperties) {
      kill(leaf, `maxProperties: more than ${node.maxProperties} properties`);
      continue;
    }
    const named = findNamed(node, name);
    const index = named === undefined ? -1 : named.required;
    if (index >= 0 && index < REQUIRED_BITS) leaf.seenRequired |= 1 << index;
    else if (index >= REQUIRED_BITS) (leaf.names ??= new Set()).add(name);
    // `dependentRequired` reads every name, required ones too (`required: ['a']` and
    // `dependentRequired: { b: ['a'] }` share `a`).
    if (node.dependentRequired !== undefined) (leaf.names ??= new Set()).add(name);
    if (node.propertyNames !== undefined && !namePasses(leaf, name, kill, budget)) continue;
    const own = named === undefined ? undefined : named.node;
    if (own !== undefined) demand(parent, leaf, own);
    // Rarer keywords in their own functions, so this one stays small enough to be inlined.
    const matched =
      node.patterns === undefined ? false : patternDemands(parent, leaf, name, budget);
    if (own === undefined && !matched) otherDemands(parent, leaf, name, kill, budget);
  }
}

/** What a schema knows of a property name: compared with the names of its length, else hashed. */
function findNamed(node: SchemaNode, name: string): NamedProperty | undefined {
  const groups = node.namedByLength;
  if (groups === undefined) return node.named === undefined ? undefined : node.named.get(name);
  if (name.length >= groups.length) return undefined;
  const group = groups[name.length];
  if (group === undefined) return undefined;
  for (let i = 0; i < group.length; i++) if (group[i]!.name === name) return group[i];
  return undefined;
}

/** `propertyNames` on a whole name: false when it refused the leaf. */
function namePasses(leaf: Part, name: string, kill: Kill, budget: VerdictBudget): boolean {
  budget.steps = 0;
  const verdict = judgeScalar(leaf.node.propertyNames!, 'string', name, budget);
  if (verdict === Verdict.No) {
    kill(leaf, `propertyNames: ${budget.reason}`);
    return false;
  }
  if (verdict === Verdict.Maybe) leaf.exact = false;
  return true;
}

/**
 * `patternProperties`: the schema of each pattern the name matches; whether one did (or may: a
 * name past the pattern work is left to the validator).
 */
function patternDemands(parent: Frame, leaf: Part, name: string, budget: VerdictBudget): boolean {
  let matched = false;
  for (const [pattern, inner] of leaf.node.patterns!) {
    const matches = testPattern(pattern, name, budget);
    if (matches === false) continue;
    matched = true;
    if (matches === undefined) {
      leaf.exact = false;
      continue;
    }
    demand(parent, leaf, inner);
  }
  return matched;
}

/** A name neither `properties` nor `patternProperties` knows: `additionalProperties` or `unevaluatedProperties`. */
function otherDemands(
  parent: Frame,
  leaf: Part,
  name: string,
  kill: Kill,
  budget: VerdictBudget,
): void {
  const node = leaf.node;
  if (node.additional !== undefined) {
    if (isFalse(node.additional))
      kill(leaf, `additionalProperties: "${excerpt(name)}" is not allowed`);
    else demand(parent, leaf, node.additional);
  } else if (node.unevaluated !== undefined) {
    if (mayEvaluateName(evaluationScope(leaf.top), name, node, budget)) leaf.exact = false;
    else if (isFalse(node.unevaluated))
      kill(leaf, `unevaluatedProperties: "${excerpt(name)}" is not allowed`);
    else demand(parent, leaf, node.unevaluated);
  }
}

/** An item begins at `index`: each live leaf counts it and says what it must match. */
export function itemDemands(parent: Frame, index: number, kill: Kill): void {
  parent.count = 0;
  for (let k = 0; k < parent.leafCount; k++) {
    const leaf = parent.leaves[k]!;
    if (leaf.dead) continue;
    const node = leaf.node;
    leaf.count = index + 1;
    if (node.maxItems !== undefined && index >= node.maxItems) {
      kill(leaf, `maxItems: more than ${node.maxItems} items`);
      continue;
    }
    const prefix = node.prefixItems;
    if (prefix !== undefined && index < prefix.length) demand(parent, leaf, prefix[index]!);
    else if (node.items !== undefined) {
      if (isFalse(node.items)) kill(leaf, `items: no item is allowed at index ${index}`);
      else demand(parent, leaf, node.items);
    } else if (node.unevaluatedItems !== undefined) {
      if (mayEvaluateItem(evaluationScope(leaf.top), index, node)) leaf.exact = false;
      else if (isFalse(node.unevaluatedItems))
        kill(leaf, `unevaluatedItems: no item is allowed at index ${index}`);
      else demand(parent, leaf, node.unevaluatedItems);
    }
  }
}

/** A member name is still being read: a closed object or `propertyNames` may refuse its prefix. */
export function namePrefix(parent: Frame, text: string, kill: Kill, budget: VerdictBudget): void {
  for (let k = 0; k < parent.leafCount; k++) {
    const leaf = parent.leaves[k]!;
    if (leaf.dead) continue;
    const node = leaf.node;
    if (!node.namesPrefixed) continue;
    // A name has begun: one more member is certain.
    if (node.maxProperties !== undefined && leaf.count >= node.maxProperties) {
      kill(leaf, `maxProperties: more than ${node.maxProperties} properties`);
      continue;
    }
    if (node.closedNames !== undefined && !hasPrefix(node.closedNames, text)) {
      kill(leaf, `additionalProperties: no allowed property name starts with "${excerpt(text)}"`);
      continue;
    }
    if (node.propertyNames !== undefined) {
      budget.steps = 0;
      const why = refusePrefix(node.propertyNames, text, budget);
      if (why !== undefined) kill(leaf, `propertyNames: ${why}`);
    }
  }
}

/** A container closed: the checks that need all of it, then each formula's verdict. */
export function closeFrame(
  closing: Frame,
  kind: JsonKind,
  kill: Kill,
  died: (formula: Formula, reason: string) => void,
  out: { reason: string },
): void {
  for (let k = 0; k < closing.formulaCount; k++) {
    const formula = closing.formulas[k]!;
    if (formula.dead || formula.parent?.dead === true) continue;
    for (const leaf of formula.leaves) {
      if (leaf.dead) continue;
      const why = kind === 'object' ? objectComplete(leaf) : arrayComplete(leaf);
      if (why !== undefined) kill(leaf, why);
    }
    if (formula.dead) continue;
    const result = evaluate(formula.root, out);
    if (result === Verdict.No) dropFormula(formula, out.reason, died);
    else if (result === Verdict.Maybe && formula.parent !== undefined) formula.parent.exact = false;
  }
}

function objectComplete(leaf: Part): string | undefined {
  const node = leaf.node;
  const required = node.required;
  if (required !== undefined) {
    for (let i = 0; i < required.length; i++) {
      const seen =
        i < REQUIRED_BITS
          ? (leaf.seenRequired & (1 << i)) !== 0
          : leaf.names?.has(required[i]!) === true;
      if (!seen) return `required: missing property "${excerpt(required[i]!)}"`;
    }
  }
  if (node.minProperties !== undefined && leaf.count < node.minProperties)
    return `minProperties: fewer than ${node.minProperties} properties`;
  return node.dependentRequired === undefined ? undefined : dependentMissing(leaf);
}

/** `dependentRequired`: a name present without one it needs. */
function dependentMissing(leaf: Part): string | undefined {
  for (const [name, needs] of leaf.node.dependentRequired!) {
    if (leaf.names?.has(name) !== true) continue;
    for (const other of needs)
      if (!leaf.names.has(other))
        return `dependentRequired: "${excerpt(name)}" needs "${excerpt(other)}"`;
  }
  return undefined;
}

function arrayComplete(leaf: Part): string | undefined {
  const min = leaf.node.minItems;
  return min !== undefined && leaf.count < min ? `minItems: fewer than ${min} items` : undefined;
}

/** A string the full check could repair into a container: `[` or `{` first (or, unfinished, nothing yet). */
export function mayHoldContainer(text: string, complete: boolean): boolean {
  // What `trimStart` skips, without the copy it makes of a long string.
  let at = 0;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if ((code > 0x20 && code < 0x7f) || !WHITE_SPACE.test(text[at]!)) break;
  }
  const first = text.charCodeAt(at);
  return first === 0x5b || first === 0x7b || (!complete && at === text.length);
}

const WHITE_SPACE = /\s/;

/** Whether every schema demanded could take a container (what a repaired string becomes). */
export function acceptsContainers(nodes: SchemaNode | SchemaNode[]): boolean {
  return Array.isArray(nodes)
    ? nodes.every((node) => (node.types & CONTAINERS) !== 0)
    : (nodes.types & CONTAINERS) !== 0;
}

/** A value string is still being read: each demand that can refuse a string by its prefix judges it. */
export function valuePrefix(
  parent: Frame,
  text: string,
  repair: boolean,
  kill: Kill,
  budget: VerdictBudget,
): void {
  for (let i = 0; i < parent.count; i++) {
    const leaf = parent.demandLeaves[i];
    const nodes = parent.demandNodes[i]!;
    if (leaf?.dead === true) continue;
    if (!Array.isArray(nodes)) {
      if (!nodes.prefixes) continue;
      if (repair && (nodes.types & CONTAINERS) !== 0 && mayHoldContainer(text, false)) continue;
      budget.steps = 0;
      const why = refusePrefix(nodes, text, budget);
      if (why !== undefined) kill(leaf, why);
      continue;
    }
    if (repair && acceptsContainers(nodes) && mayHoldContainer(text, false)) continue;
    for (const node of nodes) {
      if (!node.prefixes) continue;
      budget.steps = 0;
      const why = refusePrefix(node, text, budget);
      if (why !== undefined) {
        kill(leaf, why);
        break;
      }
    }
  }
}
