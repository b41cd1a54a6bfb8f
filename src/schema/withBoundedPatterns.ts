import { type BoundedPatterns, type PatternWork, testPattern } from './boundedPattern';

/**
 * Why a validation with bounded patterns stopped: its patterns would cost more than its pattern
 * work (`work`), or the global `RegExp` cannot be replaced here (`frozen`: then no pattern runs).
 */
export class BoundedPatternsStopped extends Error {
  constructor(readonly reason: 'work' | 'frozen') {
    super(reason === 'work' ? 'the pattern work is spent' : 'the global RegExp is frozen');
  }
}

/**
 * Runs `validate` (synchronous: @cfworker/json-schema's `validate`) with every `pattern` and
 * `patternProperties` name it tests run by the linear-time engine, charged to `work`.
 *
 * The library builds each pattern with `new RegExp(source, 'u')` when it tests it, and offers no
 * other way in; so for the length of this one synchronous call the global `RegExp` builds, for
 * each source in `patterns`, the bounded pattern instead, whose `test` is all the library calls.
 * No other code can run meanwhile, and the global is restored before this returns or throws. A
 * source that is not in `patterns` (the library's `regex` format compiling a string of the reply)
 * is still built by `RegExp`, to throw as it would, but can never be run. Every other keyword keeps
 * the library's own semantics, `additionalProperties` and `unevaluatedProperties` beside
 * `patternProperties` included. Throws BoundedPatternsStopped when a test would overdraw `work`,
 * or when the global cannot be replaced (a frozen realm).
 */
export function withBoundedPatterns<T>(
  patterns: BoundedPatterns,
  work: PatternWork,
  validate: () => T,
): T {
  const Native = globalThis.RegExp;
  const built = new Map<string, { test(text: unknown): boolean }>();
  function Bounded(source: unknown, flags?: unknown): object {
    const pattern = typeof source === 'string' ? patterns.get(source) : undefined;
    if (pattern === undefined || flags !== 'u') {
      const native = new Native(source as string, flags as string | undefined);
      return { test: () => unbounded(native.source) };
    }
    let bounded = built.get(source as string);
    if (bounded === undefined) {
      bounded = {
        test(text) {
          const matched = testPattern(pattern, String(text), work);
          if (matched === undefined) throw new BoundedPatternsStopped('work');
          return matched;
        },
      };
      built.set(source as string, bounded);
    }
    return bounded;
  }
  try {
    globalThis.RegExp = Bounded as unknown as RegExpConstructor;
  } catch {
    throw new BoundedPatternsStopped('frozen');
  }
  if (globalThis.RegExp !== (Bounded as unknown)) throw new BoundedPatternsStopped('frozen');
  try {
    return validate();
  } finally {
    globalThis.RegExp = Native;
  }
}

function unbounded(source: string): never {
  throw new Error(`a pattern outside the schema's compiled ones was run: /${source.slice(0, 40)}/`);
}
