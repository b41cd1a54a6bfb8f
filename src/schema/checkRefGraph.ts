import type { Issue } from '../issues/issue';
import type { SchemaPlace } from './schemaOutline';

/** The most reference issues one schema gets (the first names the problem; the rest are alike). */
const MAX_ISSUES = 10;
/**
 * The longest chain of schemas applied in place one inside another (the judge follows 32), and
 * the most schemas applied in place to one value: @cfworker/json-schema recurses once per
 * schema (a few hundred frames exhaust a stack) and applies every one (an `allOf` of two `$ref`s
 * to a schema that does the same, 40 deep, is 2^40 applications).
 */
export const MAX_IN_PLACE_CHAIN = 32;
export const MAX_IN_PLACE_SCHEMAS = 10_000;
/** The longest reference quoted in a message. */
const MAX_QUOTE = 80;

/** One way a schema applies another to the same value, and where it says so. */
interface Edge {
  readonly target: object;
  /** The pointer of the keyword (`…/$ref`, `…/allOf/0`…). */
  readonly via: string;
}

/** A schema object after the validator's `dereference`: the absolute URIs it annotated. */
type Annotated = Record<string, unknown> & {
  readonly __absolute_ref__?: string;
  readonly __absolute_recursive_ref__?: string;
};

/**
 * Checks the `$ref` graph of a schema before any model call, as the validator will read it
 * (`lookup`: the URIs @cfworker/json-schema's `dereference` registered; `nodes`: the schema's
 * objects with their pointers, see schemaOutline). Refused as SCHEMA_MALFORMED, each naming the
 * keyword's pointer: a `$ref` to nothing in the schema, to another document (remote schemas are
 * not fetched; the core's `remotes` are part of `lookup`), and a loop of schemas applied in place
 * (`$ref`, `allOf`/`anyOf`/`oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`) that never
 * reads deeper into the value, which no validation could end: `{"$ref": "#"}`, a→b→a. A
 * recursion through `properties`, `items` and the like reads a smaller value each time, and is
 * kept. Of the remotes, only the documents the schema reaches are checked. Iterative: no schema
 * can exhaust the stack here.
 */
export function checkRefGraph(
  places: ReadonlyMap<object, SchemaPlace>,
  lookup: Readonly<Record<string, unknown>>,
): Issue[] {
  const issues: Issue[] = [];
  const nodes = reachedNodes(places, lookup);
  const bases = new Set(Object.keys(lookup).map(baseOf));
  const anchors = [...nodes.keys()].filter((node) => (node as Annotated).$recursiveAnchor === true);
  const edges = new Map<object, Edge[]>();
  for (const [node, { path }] of nodes) {
    const schema = node as Annotated;
    const out: Edge[] = [];
    const follow = (keyword: string, ref: unknown, uri: string | undefined, extra: object[]) => {
      if (typeof ref !== 'string') return;
      const via = `${path}/${keyword}`;
      const target = lookup[uri ?? ref];
      if (target === undefined) {
        if (issues.length < MAX_ISSUES) issues.push(unresolved(via, ref, uri ?? ref, bases));
        return;
      }
      for (const each of new Set([target, ...extra]))
        if (typeof each === 'object' && each !== null) out.push({ target: each, via });
    };
    follow('$ref', schema.$ref, schema.__absolute_ref__, []);
    // `$recursiveRef: "#"` applies the outermost `$recursiveAnchor` in scope, or its own root.
    if (schema.$recursiveRef === '#')
      follow('$recursiveRef', '#', schema.__absolute_recursive_ref__, anchors);
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const list = schema[keyword];
      if (Array.isArray(list))
        (list as unknown[]).forEach((inner, i) => {
          if (typeof inner === 'object' && inner !== null)
            out.push({ target: inner, via: `${path}/${keyword}/${i}` });
        });
    }
    for (const keyword of ['not', 'if', 'then', 'else']) {
      const inner = schema[keyword];
      if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
        out.push({ target: inner, via: `${path}/${keyword}` });
    }
    for (const keyword of ['dependentSchemas', 'dependencies']) {
      const map = schema[keyword];
      if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
      for (const inner of Object.values(map) as unknown[])
        if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
          out.push({ target: inner, via: `${path}/${keyword}` });
    }
    edges.set(node, out);
  }
  findLoops(nodes, edges, issues);
  return issues;
}

/**
 * The schema's own objects, and those of each remote document a `$ref` of a reached document
 * resolves into (a registry of remotes may hold documents the schema never names).
 */
function reachedNodes(
  places: ReadonlyMap<object, SchemaPlace>,
  lookup: Readonly<Record<string, unknown>>,
): Map<object, SchemaPlace> {
  const byDocument = new Map<number, [object, SchemaPlace][]>();
  for (const entry of places) {
    const list = byDocument.get(entry[1].document);
    if (list === undefined) byDocument.set(entry[1].document, [entry]);
    else list.push(entry);
  }
  const reached = new Map<object, SchemaPlace>();
  const queue = [0];
  const queued = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const [node, place] of byDocument.get(queue[i]!) ?? []) {
      reached.set(node, place);
      const schema = node as Annotated;
      for (const uri of [schema.__absolute_ref__, schema.__absolute_recursive_ref__]) {
        const target = uri === undefined ? undefined : lookup[uri];
        const document =
          typeof target === 'object' && target !== null ? places.get(target)?.document : undefined;
        if (document !== undefined && !queued.has(document)) {
          queued.add(document);
          queue.push(document);
        }
      }
    }
  }
  return reached;
}

/**
 * Each loop of in-place edges, found depth-first with an explicit stack; without loops, the
 * longest chain and the most schemas applied from one place (counted as each place is left).
 */
function findLoops(
  nodes: ReadonlyMap<object, SchemaPlace>,
  edges: ReadonlyMap<object, readonly Edge[]>,
  issues: Issue[],
): void {
  const OPEN = 1;
  const DONE = 2;
  const state = new Map<object, number>();
  const depth = new Map<object, number>();
  const applied = new Map<object, number>();
  let loops = false;
  for (const start of nodes.keys()) {
    if (state.has(start)) continue;
    state.set(start, OPEN);
    const path: { node: object; next: number }[] = [{ node: start, next: 0 }];
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const out = edges.get(top.node) ?? [];
      if (top.next === out.length) {
        state.set(top.node, DONE);
        path.pop();
        if (loops) continue;
        let deepest = 0;
        let count = 1;
        for (const { target } of out) {
          deepest = Math.max(deepest, depth.get(target) ?? 0);
          count = Math.min(MAX_IN_PLACE_SCHEMAS + 1, count + (applied.get(target) ?? 1));
        }
        depth.set(top.node, deepest + 1);
        applied.set(top.node, count);
        if (deepest + 1 > MAX_IN_PLACE_CHAIN)
          return void issues.push(
            tooMany(
              top.node,
              nodes,
              `applies more than ${MAX_IN_PLACE_CHAIN} schemas in place one inside another`,
            ),
          );
        if (count > MAX_IN_PLACE_SCHEMAS)
          return void issues.push(
            tooMany(
              top.node,
              nodes,
              `applies more than ${MAX_IN_PLACE_SCHEMAS} schemas in place to one value`,
            ),
          );
        continue;
      }
      const edge = out[top.next++]!;
      const seen = state.get(edge.target);
      if (seen === undefined) {
        state.set(edge.target, OPEN);
        path.push({ node: edge.target, next: 0 });
      } else if (seen === OPEN) {
        loops = true;
        const steps = path.slice(path.findIndex((step) => step.node === edge.target));
        const loop = [...steps.map((step) => step.node), edge.target];
        // Every loop has a reference in it (JSON is a tree): the message names one.
        const ref = steps
          .map((step) => edges.get(step.node)![step.next - 1]!)
          .find((taken) => /\/\$(?:recursiveR|r)ef$/.test(taken.via));
        const shown = loop.map((node) => `#${nodes.get(node)?.path ?? '?'}`);
        issues.push(looping((ref ?? edge).via, shown));
        if (issues.length >= MAX_ISSUES) return;
      }
    }
  }
}

function unresolved(via: string, ref: string, uri: string, bases: ReadonlySet<string>): Issue {
  const quoted = JSON.stringify(ref.length > MAX_QUOTE ? `${ref.slice(0, MAX_QUOTE - 1)}…` : ref);
  const local = bases.has(baseOf(uri));
  return {
    code: 'SCHEMA_MALFORMED',
    path: via,
    message: local
      ? `the reference at ${via} (${quoted}) points to nothing in the schema`
      : `the reference at ${via} (${quoted}) names another document: remote schemas are not fetched`,
  };
}

function tooMany(node: object, nodes: ReadonlyMap<object, SchemaPlace>, what: string): Issue {
  const path = nodes.get(node)?.path ?? '';
  return {
    code: 'SCHEMA_MALFORMED',
    path,
    message: `the schema at #${path.length > 120 ? `${path.slice(0, 119)}…` : path} ${what} (through $ref, allOf, anyOf, oneOf, not, if/then/else or dependentSchemas)`,
  };
}

function looping(via: string, loop: readonly string[]): Issue {
  let shown = loop.join(' → ');
  if (shown.length > 200) shown = `${shown.slice(0, 199)}…`;
  return {
    code: 'SCHEMA_MALFORMED',
    path: via,
    message: `the reference at ${via} applies the schema to itself without reading deeper into the value (${shown}): a loop with no base case`,
  };
}

/** A URI without its fragment. */
function baseOf(uri: string): string {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
}
