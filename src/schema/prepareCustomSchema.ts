import { appendPointer } from '../issues/appendPointer';
import type { JsonObserver } from '../json/jsonObserver';
import { quoteSource } from '../leaks/quoteSource';
import type { JsonSchema } from '../segments/segmentJsonSchema';
import { type BoundedPatterns, PATTERN_WORK } from './boundedPattern';
import { checkJsonSchema } from './checkJsonSchema';
import { checkRefGraph } from './checkRefGraph';
import { faithfulJsonSchema } from './faithfulJsonSchema';
import type { PreparedResult, ValueValidator } from './preparedSchema';
import { schemaJudgeFactory } from './schemaJudgeFactory';
import { schemaOutline } from './schemaOutline';
import { isStandardSchema, type StandardSchemaV1 } from './standardSchema';
import { BoundedPatternsStopped, withBoundedPatterns } from './withBoundedPatterns';

/**
 * The work of `prepareSchema` (see src/schema/customSchema.ts), a lazy chunk: only a turn with a
 * custom schema loads it, with the schema checks, the streaming judge's compiler and (for a JSON
 * Schema) @cfworker/json-schema.
 */
export async function prepareCustomSchema(
  schema: unknown,
  options: { readonly remotes?: Readonly<Record<string, unknown>> } = {},
): Promise<PreparedResult> {
  if (isStandardSchema(schema)) {
    const judge = standardJudge(schema);
    return {
      ok: true,
      schema: {
        validate: standardValidator(schema),
        ...jsonSchemaOf(schema),
        ...(judge ? { judge } : {}),
      },
    };
  }
  const remotes = Object.entries(options.remotes ?? {});
  // Walked first, without recursion: a schema too deep or too large for the recursive readers
  // (the checks, the validator) is refused before they read it.
  const outline = schemaOutline(
    schema,
    remotes.map(([id, remote]) => [`${id}#`, remote] as const),
  );
  if (outline.issues.length > 0) return { ok: false, issues: outline.issues };
  const problems = checkJsonSchema(schema);
  if (problems.length > 0) return { ok: false, issues: problems };
  let library: typeof import('@cfworker/json-schema');
  try {
    library = await import('@cfworker/json-schema');
  } catch {
    return internal('the JSON Schema validator could not be loaded');
  }
  const { dereference, validate } = library;
  type Lookup = ReturnType<typeof dereference>;
  let lookup: Lookup;
  let copy: object;
  const tops: (readonly [string, object])[] = [];
  try {
    // What the library's Validator does (dereference, then validate against that lookup), with
    // the lookup kept for the checks below. The library annotates the schema it is given; it gets
    // its own copy.
    copy = structuredClone(schema) as object;
    lookup = dereference(copy);
    for (const [id, remote] of remotes) {
      const top = { ...(structuredClone(remote) as object), $id: id };
      dereference(top, lookup);
      tops.push([`${id}#`, top]);
    }
  } catch (error) {
    return malformed(
      `the schema does not compile: ${String((error as Error).message).slice(0, 120)}`,
    );
  }
  // Before any model call: every $ref resolves here, none loops in place, every pattern runs in
  // linear time. The patterns are compiled once, for the judge and the validator alike.
  const issues = checkRefGraph(schemaOutline(copy, tops).nodes, lookup);
  let patterns: BoundedPatterns = new Map();
  if (outline.patterns.length > 0) {
    let compileBoundedPatterns: typeof import('./compileBoundedPatterns').compileBoundedPatterns;
    try {
      ({ compileBoundedPatterns } = await import('./compileBoundedPatterns'));
    } catch {
      return internal('the linear-time pattern engine could not be loaded');
    }
    const compiled = compileBoundedPatterns(outline.patterns);
    patterns = compiled.patterns;
    issues.push(...compiled.issues);
  }
  if (issues.length > 0) return { ok: false, issues };
  const judge = jsonSchemaJudge(copy, lookup, patterns);
  // Short-circuit off, as the Validator was built: every failing place is reported.
  const run = (value: unknown) => validate(value, copy, '2020-12', lookup, false);
  return {
    ok: true,
    schema: {
      jsonSchema: schema as JsonSchema,
      judge,
      validate: async (value) => {
        let result: ReturnType<typeof validate>;
        try {
          result =
            patterns.size === 0
              ? run(value)
              : withBoundedPatterns(patterns, { patternWork: PATTERN_WORK }, () => run(value));
        } catch (error) {
          if (error instanceof BoundedPatternsStopped && error.reason === 'frozen')
            return [
              {
                code: 'INTERNAL',
                path: '',
                message: "the schema's patterns cannot run here: the global RegExp is frozen",
              },
            ];
          if (error instanceof BoundedPatternsStopped)
            return [
              {
                code: 'TOO_LARGE',
                path: '',
                message: `pattern: the reply's strings are too long to match against the schema's patterns within the bound (${PATTERN_WORK} steps)`,
              },
            ];
          // The schema is checked above; a reply deep enough still runs the library's
          // recursion out of stack (a few hundred schemas deep): refused, never thrown.
          if (error instanceof RangeError && /call stack/i.test(error.message))
            return [
              {
                code: 'TOO_DEEP',
                path: '',
                message: 'the reply nests too deep to validate against this schema',
              },
            ];
          // A schema problem the checks above did not foresee surfaces only now: reported as one.
          return [
            {
              code: 'SCHEMA_MALFORMED',
              path: '',
              message: String((error as Error)?.message ?? error).slice(0, 160),
            },
          ];
        }
        if (result.valid) return [];
        // The deepest errors name the failing places; the enclosing ones only repeat them.
        const leaves = result.errors.filter(
          (error) =>
            !result.errors.some(
              (other) =>
                other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`),
            ),
        );
        return leaves.slice(0, 20).map((error) => ({
          code: 'SCHEMA_MISMATCH',
          path: error.instanceLocation.replace(/^#/, ''),
          message: `${error.keyword}: ${quoteSource(error.error)}`,
        }));
      },
    },
  };
}

/**
 * The streaming judge of a JSON Schema, resolving each `$ref` exactly as the validator does (by
 * the URIs it annotated) and running the same bounded patterns. A judge that cannot be set up
 * leaves the schema to the validator alone.
 */
function jsonSchemaJudge(
  copy: object,
  lookup: Readonly<Record<string, unknown>>,
  patterns: BoundedPatterns,
): (() => JsonObserver) | undefined {
  try {
    return schemaJudgeFactory(copy, {
      resolve: (node) => lookup[String(node.__absolute_ref__ ?? node.$ref)],
      patterns,
    });
  } catch {
    return undefined;
  }
}

function internal(message: string): PreparedResult {
  return { ok: false, issues: [{ code: 'INTERNAL', path: '', message }] };
}

function malformed(message: string): PreparedResult {
  return { ok: false, issues: [{ code: 'SCHEMA_MALFORMED', path: '', message }] };
}

/** A Standard Schema's streaming judge, when its JSON Schema is faithful (see faithfulJsonSchema). */
function standardJudge(schema: StandardSchemaV1): (() => JsonObserver) | undefined {
  const faithful = faithfulJsonSchema(schema);
  return faithful === undefined ? undefined : schemaJudgeFactory(faithful, { converted: true });
}

function standardValidator(schema: StandardSchemaV1): ValueValidator {
  return async (value) => {
    const result = await schema['~standard'].validate(value);
    if (!result.issues) return [];
    return result.issues.map((item) => ({
      code: 'SCHEMA_MISMATCH' as const,
      path: (item.path ?? [])
        .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
        .reduce(appendPointer, ''),
      // A message may quote the value: bounded, then masked and shortened as it leaves (redactAll).
      message: quoteSource(item.message),
    }));
  };
}

// Standard JSON Schema (valibot's toStandardJsonSchema, zod 4): a JSON Schema providers can enforce.
function jsonSchemaOf(schema: StandardSchemaV1): { jsonSchema?: JsonSchema } {
  const converter = (
    schema['~standard'] as { jsonSchema?: { input?: (options: { target: string }) => unknown } }
  ).jsonSchema;
  try {
    const converted = converter?.input?.({ target: 'draft-2020-12' });
    return typeof converted === 'object' && converted !== null
      ? { jsonSchema: converted as JsonSchema }
      : {};
  } catch {
    return {};
  }
}
