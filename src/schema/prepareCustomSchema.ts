import { appendPointer } from '../issues/appendPointer';
import type { JsonObserver } from '../json/jsonObserver';
import { quoteSource } from '../leaks/quoteSource';
import type { JsonSchema } from '../segments/segmentJsonSchema';
import { checkJsonSchema } from './checkJsonSchema';
import { faithfulJsonSchema } from './faithfulJsonSchema';
import type { PreparedResult, ValueValidator } from './preparedSchema';
import { schemaJudgeFactory } from './schemaJudgeFactory';
import { isStandardSchema, type StandardSchemaV1 } from './standardSchema';

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
  const problems = checkJsonSchema(schema);
  if (problems.length > 0) return { ok: false, issues: problems };
  let Validator: typeof import('@cfworker/json-schema').Validator;
  let dereference: typeof import('@cfworker/json-schema').dereference;
  try {
    ({ Validator, dereference } = await import('@cfworker/json-schema'));
  } catch {
    return {
      ok: false,
      issues: [
        { code: 'INTERNAL', path: '', message: 'the JSON Schema validator could not be loaded' },
      ],
    };
  }
  let validator: InstanceType<typeof Validator>;
  let judge: (() => JsonObserver) | undefined;
  try {
    // The library annotates the schema it is given; it gets its own copy.
    const copy = structuredClone(schema) as object;
    validator = new Validator(copy, '2020-12', false);
    for (const [id, remote] of Object.entries(options.remotes ?? {}))
      validator.addSchema(structuredClone(remote) as object, id);
    judge = jsonSchemaJudge(copy, dereference, options.remotes);
  } catch (error) {
    return {
      ok: false,
      issues: [
        {
          code: 'SCHEMA_MALFORMED',
          path: '',
          message: `the schema does not compile: ${String((error as Error).message).slice(0, 120)}`,
        },
      ],
    };
  }
  return {
    ok: true,
    schema: {
      jsonSchema: schema as JsonSchema,
      judge,
      validate: async (value) => {
        let result: ReturnType<typeof validator.validate>;
        try {
          result = validator.validate(value);
        } catch (error) {
          // An unresolvable $ref surfaces only now: a schema problem, reported as one.
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
 * the URIs it annotated). A judge that cannot be set up leaves the schema to the validator alone.
 */
function jsonSchemaJudge(
  copy: object,
  dereference: typeof import('@cfworker/json-schema').dereference,
  remotes: Readonly<Record<string, unknown>> | undefined,
): (() => JsonObserver) | undefined {
  try {
    const lookup = dereference(copy);
    for (const [id, remote] of Object.entries(remotes ?? {}))
      dereference({ ...(structuredClone(remote) as object), $id: id }, lookup);
    return schemaJudgeFactory(copy, {
      resolve: (node) => lookup[String(node.__absolute_ref__ ?? node.$ref)],
    });
  } catch {
    return undefined;
  }
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
