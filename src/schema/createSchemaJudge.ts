import { excerpt } from '../issues/excerpt';
import type { JsonKind, JsonObserver, JsonRejection } from '../json/jsonObserver';
import { createSchemaCompiler, isFalse } from './compileSchemaNode';
import { evaluationScope, mayEvaluateItem, mayEvaluateName } from './evaluationScope';
import { Verdict, both, hasPrefix, judgeScalar, refusePrefix, verdictBudget } from './judgeScalar';
import { localRefResolver } from './localRefResolver';
import {
  type Formula,
  type Part,
  buildFormula,
  dropFormula,
  evaluate,
  killLeaf,
} from './schemaFormula';
import { KIND_BIT, type SchemaNode } from './schemaNode';

/** Options of {@link createSchemaJudge}. */
export interface SchemaJudgeOptions {
  /**
   * The target of a schema object's `$ref` (`undefined`: unresolvable, judged at the end). The
   * default resolves `#` and `#/json/pointer` in a schema without nested `$id`s; `prepareSchema`
   * passes the validator's own resolution, so both read every `$ref` alike.
   */
  readonly resolve?: ((node: Readonly<Record<string, unknown>>) => unknown) | undefined;
  /** The schema was converted from a library's (zod, valibot): see `CompileOptions.converted`. */
  readonly converted?: boolean | undefined;
  /**
   * The full check repairs a container the model wrote as a string (`checkCustomReply`), so a
   * string that may hold one is never refused where a container could pass (default true).
   */
  readonly repairedContainers?: boolean | undefined;
}

/** The most leaves judging one container at once; past it a schema is left to the validator. */
export const MAX_LIVE_LEAVES = 64;

const CONTAINERS = KIND_BIT.object | KIND_BIT.array;

/** One open container: the leaves judging it, and the demands on its next member. */
interface Frame {
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

/**
 * Compiles a JSON Schema (draft 2020-12) once for the streaming judge and returns a factory of
 * judges, one per reply: see {@link createSchemaJudge}.
 */
export function compileSchemaJudge(
  schema: unknown,
  options: SchemaJudgeOptions = {},
): () => JsonObserver {
  const compile = createSchemaCompiler({
    resolve: options.resolve ?? localRefResolver(schema),
    converted: options.converted === true,
  });
  const repair = options.repairedContainers !== false;
  // Compiled when the first answer streams: a turn that never streams pays nothing.
  let root: SchemaNode | undefined;
  return () => startJudge((root ??= compile(schema)), repair);
}

/**
 * A streaming judge of a JSON Schema (draft 2020-12) for the strict parser's observer hooks: it
 * follows the reply event by event and refuses it as soon as no completion of the text read so
 * far can be valid — `type`, `const`/`enum` (strings by their prefix), `properties` with
 * `additionalProperties` / `unevaluatedProperties`, `propertyNames`, `maxLength`, `maxItems` and
 * `maxProperties` when exceeded, number bounds and `multipleOf` when a number ends, `required`,
 * `minItems`, `minProperties`, `dependentRequired` when a container closes, `items`/`prefixItems`,
 * and `allOf`/`anyOf`/`oneOf`/`not`/`if` by tracking which subschemas can still hold, through
 * local `$ref`s. It only says "still possible" (`undefined`) or "provably invalid": whatever it
 * cannot decide (formats, `uniqueItems`, `contains`, remote or dynamic references, a branch past
 * its budget of {@link MAX_LIVE_LEAVES} live schemas per container) the full validator decides.
 *
 * @example
 * const stream = createJsonStream({}, createSchemaJudge({ type: 'object', properties: { status: { type: 'string' } } }));
 * stream.push('{"status": 42,'); // { code: 'SCHEMA_MISMATCH', path: '/status', message: 'type: expected string, got 42', … }
 */
export function createSchemaJudge(schema: unknown, options?: SchemaJudgeOptions): JsonObserver {
  return compileSchemaJudge(schema, options)();
}

function startJudge(root: SchemaNode, repair: boolean): JsonObserver {
  const frames: (Frame | undefined)[] = [];
  // Frames are reused by depth: a reply opens thousands of containers, one depth at a time.
  const pool: Frame[] = [];
  const budget = verdictBudget();
  const out = { reason: '' };
  let refused: string | undefined;
  const died = (formula: Formula, reason: string): void => {
    if (formula.parent !== undefined) killLeaf(formula.parent, reason, died);
    else refused ??= reason;
  };
  const kill = (leaf: Part | undefined, reason: string) => {
    if (leaf === undefined) refused ??= reason;
    else killLeaf(leaf, reason, died);
  };
  const verdict = (): JsonRejection | undefined =>
    refused === undefined ? undefined : { code: 'SCHEMA_MISMATCH', message: refused };
  const rootFrame: Frame = frame(false);
  rootFrame.demandLeaves.push(undefined);
  rootFrame.demandNodes.push(root);
  rootFrame.count = 1;

  /** The frame whose demands the value at `depth` answers (collecting an array's now). */
  const demandsFor = (path: readonly (string | number)[], depth: number): Frame | undefined => {
    if (depth === 0) return rootFrame;
    const parent = frames[depth - 1];
    if (parent?.array === true) itemDemands(parent, path[depth - 1] as number, kill);
    return parent;
  };

  return {
    member(_path, depth, name) {
      const parent = frames[depth - 1];
      if (parent !== undefined) memberDemands(parent, name, kill, budget);
      return refused === undefined ? undefined : verdict();
    },

    value(path, depth, kind, scalar) {
      const parent = demandsFor(path, depth);
      if (parent === undefined || parent.count === 0) {
        if (kind === 'object' || kind === 'array') frames[depth] = undefined;
      } else if (kind === 'object' || kind === 'array') {
        frames[depth] = openContainer(parent, (pool[depth] ??= frame(false)), kind, died);
      } else {
        judgeScalars(parent, kind, scalar ?? null, repair, kill, budget);
      }
      if (depth > 0 && parent !== undefined && !parent.array) parent.count = 0;
      return refused === undefined ? undefined : verdict();
    },

    close(_path, depth, kind) {
      const closing = frames[depth];
      frames[depth] = undefined;
      if (closing !== undefined) closeFrame(closing, kind, kill, died, out);
      return refused === undefined ? undefined : verdict();
    },

    partial(path, depth, text, name) {
      if (name) {
        const parent = frames[depth - 1];
        if (parent !== undefined) namePrefix(parent, text, kill, budget);
        return refused === undefined ? undefined : verdict();
      }
      const parent = demandsFor(path, depth);
      if (parent === undefined) return refused === undefined ? undefined : verdict();
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
      return refused === undefined ? undefined : verdict();
    },
  };
}

/** A container opens: a formula for each demand on it, their leaves judging its members. */
function openContainer(
  parent: Frame,
  opened: Frame,
  kind: 'object' | 'array',
  died: (formula: Formula, reason: string) => void,
): Frame {
  const bit = KIND_BIT[kind];
  opened.array = kind === 'array';
  opened.leafCount = opened.formulaCount = opened.count = 0;
  for (let i = 0; i < parent.count; i++) {
    const leaf = parent.demandLeaves[i];
    if (leaf?.dead === true) continue;
    const formula = buildFormula(
      parent.demandNodes[i]!,
      bit,
      leaf,
      MAX_LIVE_LEAVES - opened.leafCount,
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
function judgeScalars(
  parent: Frame,
  kind: JsonKind,
  scalar: string | number | boolean | null,
  repair: boolean,
  kill: Kill,
  budget: ReturnType<typeof verdictBudget>,
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

function frame(array: boolean): Frame {
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

type Kill = (leaf: Part | undefined, reason: string) => void;

/** A member name closed: each live leaf counts it and says what its value must match. */
function memberDemands(
  parent: Frame,
  name: string,
  kill: Kill,
  budget: ReturnType<typeof verdictBudget>,
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
    const named = node.named?.get(name);
    const index = named === undefined ? -1 : named.required;
    if (index >= 0 && index < 30) leaf.seenRequired |= 1 << index;
    else if (index >= 30 || node.dependentRequired !== undefined)
      (leaf.names ??= new Set()).add(name);
    if (node.propertyNames !== undefined) {
      budget.steps = 0;
      const verdict = judgeScalar(node.propertyNames, 'string', name, budget);
      if (verdict === Verdict.No) {
        kill(leaf, `propertyNames: ${budget.reason}`);
        continue;
      }
      if (verdict === Verdict.Maybe) leaf.exact = false;
    }
    const own = named?.node;
    let matched = own !== undefined;
    if (own !== undefined) demand(parent, leaf, own);
    const patterns = node.patterns;
    if (patterns !== undefined) {
      for (const [pattern, inner] of patterns) {
        if (!pattern.test(name)) continue;
        matched = true;
        demand(parent, leaf, inner);
      }
    }
    if (matched) continue;
    if (node.additional !== undefined) {
      if (isFalse(node.additional))
        kill(leaf, `additionalProperties: "${excerpt(name)}" is not allowed`);
      else demand(parent, leaf, node.additional);
    } else if (node.unevaluated !== undefined) {
      if (mayEvaluateName(evaluationScope(leaf.top), name, node)) leaf.exact = false;
      else if (isFalse(node.unevaluated))
        kill(leaf, `unevaluatedProperties: "${excerpt(name)}" is not allowed`);
      else demand(parent, leaf, node.unevaluated);
    }
  }
}

/** An item begins at `index`: each live leaf counts it and says what it must match. */
function itemDemands(parent: Frame, index: number, kill: Kill): void {
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
function namePrefix(
  parent: Frame,
  text: string,
  kill: Kill,
  budget: ReturnType<typeof verdictBudget>,
): void {
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
function closeFrame(
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
      const seen = i < 30 ? (leaf.seenRequired & (1 << i)) !== 0 : leaf.names?.has(required[i]!);
      if (!seen) return `required: missing property "${excerpt(required[i]!)}"`;
    }
  }
  if (node.minProperties !== undefined && leaf.count < node.minProperties)
    return `minProperties: fewer than ${node.minProperties} properties`;
  if (node.dependentRequired === undefined) return undefined;
  for (const [name, needs] of node.dependentRequired) {
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
function mayHoldContainer(text: string, complete: boolean): boolean {
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
function acceptsContainers(nodes: SchemaNode | SchemaNode[]): boolean {
  return Array.isArray(nodes)
    ? nodes.every((node) => (node.types & CONTAINERS) !== 0)
    : (nodes.types & CONTAINERS) !== 0;
}
