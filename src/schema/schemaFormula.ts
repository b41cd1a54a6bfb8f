import { blankNode } from './blankNode';
import { MAX_IN_PLACE_DEPTH, Verdict, typeNames } from './judgeScalar';
import { KIND_BIT, type SchemaNode } from './schemaNode';

/** How the parts of a formula combine. */
export const enum Op {
  /** One schema's own keywords. */
  Leaf,
  And,
  Or,
  OneOf,
  Not,
  /** `if` / `then` / `else`: kids are [if, then, else], a missing branch `undefined`. */
  If,
}

/**
 * One node of the formula a container value is judged by: a leaf (one schema's own keywords,
 * with what it counted so far) or a combination. Every part has the same shape, so the engine's
 * loops stay monomorphic.
 */
export interface Part {
  readonly op: Op;
  up: Part | undefined;
  readonly formula: Formula;
  dead: boolean;
  reason: string;
  kids: (Part | undefined)[] | undefined;
  // A leaf's state (a solo formula's leaf is reset and reused: see `buildFormula`).
  node: SchemaNode;
  /** The schema demanded at this location, whose scope `unevaluated*` reads. */
  top: SchemaNode;
  exact: boolean;
  /** Members or items seen. */
  count: number;
  /** Required names seen, as bits (the first 30 required names; the rest are kept in `names`). */
  seenRequired: number;
  names: Set<string> | undefined;
}

/** The judgement of one container value against what one parent leaf (or the document) demands. */
export interface Formula {
  root: Part;
  /** The leaf that demanded the value; `undefined` for the document itself. */
  parent: Part | undefined;
  /** Its leaves that judge members or items (an unknown part is none of them). */
  leaves: Part[];
  dead: boolean;
  /** Its root is its one leaf, with nothing in place: it may be reused for the next container. */
  solo: boolean;
}

/** What the engine is told when a formula dies: the document, or a parent leaf, is refused. */
export type FormulaDeath = (formula: Formula, reason: string) => void;

/** The leaves of a formula not built yet (never added to). */
const NO_LEAVES: Part[] = [];

/** A schema the judge leaves to the validator: alive, never exact, judging nothing. */
const UNKNOWN: SchemaNode = /* @__PURE__ */ blankNode();
/** A placeholder root, so a formula's shape never changes when its root is set. */
const UNKNOWN_PART: Part = /* @__PURE__ */ part(
  Op.Leaf,
  undefined,
  undefined as unknown as Formula,
  UNKNOWN,
  UNKNOWN,
);

function part(op: Op, up: Part | undefined, formula: Formula, node: SchemaNode, top: SchemaNode) {
  const made: Part = {
    op,
    up,
    formula,
    dead: false,
    reason: '',
    kids: undefined,
    node,
    top,
    exact: true,
    count: 0,
    seenRequired: 0,
    names: undefined,
  };
  return made;
}

/**
 * Builds the formula that judges a container of `kindBit` against `nodes` (all must hold), with
 * the schemas each applies in place. At most `room` leaves are made; past that, and past the
 * in-place depth, a part is left to the validator.
 */
export function buildFormula(
  nodes: SchemaNode | readonly SchemaNode[],
  kindBit: number,
  parent: Part | undefined,
  room: number,
  spare?: Formula,
): Formula {
  if (!Array.isArray(nodes) && !(nodes as SchemaNode).inPlace && room > 0) {
    // The common case, one schema with nothing in place: one leaf, in the spare formula of a
    // closed container when there is one (a reply opens thousands of containers).
    const node = nodes as SchemaNode;
    let formula: Formula;
    let leaf: Part;
    if (spare?.solo === true) {
      formula = spare;
      formula.parent = parent;
      formula.dead = false;
      leaf = formula.root;
      leaf.node = leaf.top = node;
      leaf.dead = false;
      leaf.reason = '';
      leaf.count = leaf.seenRequired = 0;
      leaf.names = undefined;
    } else {
      formula = { root: UNKNOWN_PART, parent, leaves: NO_LEAVES, dead: false, solo: true };
      leaf = part(Op.Leaf, undefined, formula, node, node);
      formula.root = leaf;
    }
    judgeKind(leaf, node, kindBit);
    if ((node.types & kindBit) === 0) formula.leaves = [];
    else if (formula.leaves.length === 1) formula.leaves[0] = leaf;
    // A one-element literal: a push would give the array room for 17.
    else formula.leaves = [leaf];
    return formula;
  }
  const formula: Formula = { root: UNKNOWN_PART, parent, leaves: [], dead: false, solo: false };
  const all: readonly SchemaNode[] = Array.isArray(nodes) ? nodes : [nodes as SchemaNode];
  let made = 0;
  const build = (node: SchemaNode, top: SchemaNode, up: Part | undefined, depth: number): Part => {
    if (made >= room || depth > MAX_IN_PLACE_DEPTH) {
      const unknown = part(Op.Leaf, up, formula, UNKNOWN, top);
      unknown.exact = false;
      return unknown;
    }
    made++;
    const leaf = leafFor(node, top, up, formula, kindBit);
    if ((node.types & kindBit) !== 0) formula.leaves.push(leaf);
    if (!node.inPlace) return leaf;
    const and = part(Op.And, up, formula, node, top);
    leaf.up = and;
    const kids: Part[] = [leaf];
    const group = (op: Op, list: readonly SchemaNode[]) => {
      const combined = part(op, and, formula, node, top);
      combined.kids = list.map((inner) => build(inner, top, combined, depth + 1));
      kids.push(combined);
    };
    if (node.ref !== undefined) kids.push(build(node.ref, top, and, depth + 1));
    for (const inner of node.allOf ?? []) kids.push(build(inner, top, and, depth + 1));
    if (node.anyOf !== undefined) group(Op.Or, node.anyOf);
    if (node.oneOf !== undefined) group(Op.OneOf, node.oneOf);
    if (node.not !== undefined) group(Op.Not, [node.not]);
    if (node.if !== undefined) {
      const condition = part(Op.If, and, formula, node, top);
      condition.kids = [node.if, node.then, node.else].map((inner) =>
        inner === undefined ? undefined : build(inner, top, condition, depth + 1),
      );
      kids.push(condition);
    }
    and.kids = kids;
    return and;
  };
  const root =
    all.length === 1
      ? build(all[0]!, all[0]!, undefined, 0)
      : part(Op.And, undefined, formula, UNKNOWN, UNKNOWN);
  if (all.length !== 1) root.kids = all.map((node) => build(node, node, root, 0));
  formula.root = root;
  settle(root);
  return formula;
}

/**
 * The leaf of one schema's own keywords for a container of `kindBit`, dead when its kind is refused
 * (the caller adds it to the formula's leaves when its kind is allowed).
 */
function leafFor(
  node: SchemaNode,
  top: SchemaNode,
  up: Part | undefined,
  formula: Formula,
  kindBit: number,
): Part {
  const leaf = part(Op.Leaf, up, formula, node, top);
  judgeKind(leaf, node, kindBit);
  return leaf;
}

/** A fresh leaf hears whether its schema allows a container of `kindBit` at all. */
function judgeKind(leaf: Part, node: SchemaNode, kindBit: number): void {
  leaf.exact = (node.inexact & kindBit) === 0;
  const got = kindBit === KIND_BIT.array ? 'Array' : 'Object';
  if ((node.types & kindBit) === 0) {
    leaf.dead = true;
    leaf.reason = `type: expected ${typeNames(node)}, got ${got}`;
  }
  if (node.choices !== undefined) {
    for (const choices of node.choices) {
      // A container equals no scalar; one that may equal a listed container is compared at the end.
      if ((choices.containers & kindBit) === 0) {
        leaf.dead = true;
        leaf.reason ||= `${choices.keyword}: ${got} is not allowed`;
      } else leaf.exact = false;
    }
  }
}

/** Computes whether the parts built dead-on-arrival make their parents dead, bottom up. */
function settle(at: Part): void {
  if (at.kids === undefined) return;
  for (const kid of at.kids) if (kid !== undefined) settle(kid);
  const reason = deadReason(at);
  if (reason !== undefined) {
    at.dead = true;
    at.reason = reason;
  }
}

/** Why a combination is provably invalid while its value still streams, or `undefined`. */
function deadReason(at: Part): string | undefined {
  const kids = at.kids!;
  switch (at.op) {
    case Op.And:
      for (const kid of kids) if (kid!.dead) return kid!.reason;
      return undefined;
    case Op.Or:
    case Op.OneOf: {
      for (const kid of kids) if (!kid!.dead) return undefined;
      const last = kids[kids.length - 1]!.reason;
      return `${at.op === Op.Or ? 'anyOf' : 'oneOf'}: no subschema matches (${last})`;
    }
    case Op.If: {
      const [condition, then, otherwise] = kids;
      if (otherwise?.dead !== true) return undefined;
      if (condition!.dead || then?.dead === true) return otherwise.reason;
      return undefined;
    }
    default:
      // `not` is decided when the value is complete.
      return undefined;
  }
}

/**
 * A leaf is provably invalid: the parts above it that can no longer hold die with it, and a
 * formula that dies is reported to `died` (which refuses its parent leaf, or the document).
 */
export function killLeaf(leaf: Part, reason: string, died: FormulaDeath): void {
  if (leaf.dead) return;
  leaf.dead = true;
  leaf.reason = reason;
  let at = leaf;
  for (;;) {
    const up = at.up;
    if (up === undefined) {
      dropFormula(at.formula, at.reason, died);
      return;
    }
    if (up.dead) return;
    const why = deadReason(up);
    if (why === undefined) return;
    up.dead = true;
    up.reason = why;
    at = up;
  }
}

/** A formula that cannot hold: its leaves stop judging, and its parent (or the document) hears of it. */
export function dropFormula(formula: Formula, reason: string, died: FormulaDeath): void {
  if (formula.dead) return;
  formula.dead = true;
  for (const leaf of formula.leaves) leaf.dead = true;
  died(formula, reason);
}

/** The verdict of a complete value on a part (reason of a `No` in `out.reason`). */
export function evaluate(at: Part, out: { reason: string }): Verdict {
  if (at.dead) {
    out.reason = at.reason;
    return Verdict.No;
  }
  if (at.op === Op.Leaf) return at.exact ? Verdict.Yes : Verdict.Maybe;
  return evaluateCombined(at, out);
}

/** `evaluate` on a live combination of parts. */
function evaluateCombined(at: Part, out: { reason: string }): Verdict {
  const kids = at.kids!;
  switch (at.op) {
    case Op.And: {
      let verdict = Verdict.Yes;
      for (const kid of kids) {
        const one = evaluate(kid!, out);
        if (one === Verdict.No) return one;
        if (one === Verdict.Maybe) verdict = one;
      }
      return verdict;
    }
    case Op.Or: {
      let verdict = Verdict.No;
      for (const kid of kids) {
        const one = evaluate(kid!, out);
        if (one === Verdict.Yes) return one;
        if (one === Verdict.Maybe) verdict = one;
      }
      if (verdict === Verdict.No) out.reason = `anyOf: no subschema matches (${out.reason})`;
      return verdict;
    }
    case Op.OneOf: {
      let yes = 0;
      let maybe = 0;
      for (const kid of kids) {
        const one = evaluate(kid!, out);
        if (one === Verdict.Yes) yes++;
        else if (one === Verdict.Maybe) maybe++;
      }
      if (yes > 1) out.reason = `oneOf: ${yes} subschemas match, exactly one may`;
      else if (yes + maybe === 0) out.reason = `oneOf: no subschema matches (${out.reason})`;
      else return yes === 1 && maybe === 0 ? Verdict.Yes : Verdict.Maybe;
      return Verdict.No;
    }
    case Op.Not: {
      const inner = evaluate(kids[0]!, out);
      if (inner === Verdict.Yes) out.reason = 'not: the value matches the "not" schema';
      return inner === Verdict.Yes
        ? Verdict.No
        : inner === Verdict.No
          ? Verdict.Yes
          : Verdict.Maybe;
    }
    default: {
      const [condition, then, otherwise] = kids;
      const branch = (inner: Part | undefined) =>
        inner === undefined ? Verdict.Yes : evaluate(inner, out);
      const test = evaluate(condition!, out);
      if (test === Verdict.Yes) return branch(then);
      if (test === Verdict.No) return branch(otherwise);
      const a = branch(then);
      const b = branch(otherwise);
      if (a === Verdict.No && b === Verdict.No) return Verdict.No;
      return a === Verdict.Yes && b === Verdict.Yes ? Verdict.Yes : Verdict.Maybe;
    }
  }
}
