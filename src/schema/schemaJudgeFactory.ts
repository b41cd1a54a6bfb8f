import type { JsonObserver, JsonRejection } from '../json/jsonObserver';
import type { BoundedPatterns } from './boundedPattern';
import { createSchemaCompiler } from './compileSchemaNode';
import {
  type Frame,
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

/** Options of `createSchemaJudge` and `compileSchemaJudge`. */
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

/** The factory's options: the public ones, and the patterns `prepareSchema` compiled. */
export interface JudgeFactoryOptions extends SchemaJudgeOptions {
  /**
   * The schema's patterns compiled for the linear-time engine: without them, `pattern` and
   * `patternProperties` are left to the full validator (no pattern is ever run by a backtracking
   * engine here).
   */
  readonly patterns?: BoundedPatterns | undefined;
}

/**
 * Compiles a JSON Schema once for the streaming judge and returns a factory of judges, one per
 * reply (the implementation of `compileSchemaJudge`, imported by the lazy custom-schema chunk:
 * see src/schema/createSchemaJudge.ts).
 */
export function schemaJudgeFactory(
  schema: unknown,
  options: JudgeFactoryOptions = {},
): () => JsonObserver {
  const compile = createSchemaCompiler({
    resolve: options.resolve ?? localRefResolver(schema),
    converted: options.converted === true,
    patterns: options.patterns,
  });
  const repair = options.repairedContainers !== false;
  // Compiled when the first answer streams: a turn that never streams pays nothing.
  let root: SchemaNode | undefined;
  return () => startJudge((root ??= compile(schema)), repair);
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
