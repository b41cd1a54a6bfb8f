import type { JsonObserver, JsonRejection } from '../json/jsonObserver';
import { createSchemaCompiler } from './compileSchemaNode';
import {
  type Frame,
  MAX_LIVE_LEAVES,
  closeFrame,
  frame,
  itemDemands,
  judgeScalars,
  memberDemands,
  namePrefix,
  openContainer,
  valuePrefix,
} from './judgeFrame';
import { verdictBudget } from './judgeScalar';
import { localRefResolver } from './localRefResolver';
import { type Formula, type Part, killLeaf } from './schemaFormula';
import type { SchemaNode } from './schemaNode';

export { MAX_LIVE_LEAVES };

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
      valuePrefix(parent, text, repair, kill, budget);
      return refused === undefined ? undefined : verdict();
    },
  };
}
