import type { JsonObserver } from '../json/jsonObserver';
import { type SchemaJudgeOptions, schemaJudgeFactory } from './schemaJudgeFactory';

export type { SchemaJudgeOptions } from './schemaJudgeFactory';

// The public face of the judge, over its implementation (schemaJudgeFactory), which the lazy
// custom-schema chunk (prepareCustomSchema) imports itself.

/**
 * Compiles a JSON Schema (draft 2020-12) once for the streaming judge and returns a factory of
 * judges, one per reply: see {@link createSchemaJudge}.
 */
export function compileSchemaJudge(
  schema: unknown,
  options: SchemaJudgeOptions = {},
): () => JsonObserver {
  return schemaJudgeFactory(schema, options);
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
 * its budget of live schemas per container, `MAX_LIVE_LEAVES`) the full validator decides. So do
 * `pattern` and `patternProperties` here: only the judge of `prepareSchema`, which compiles them
 * for a linear-time engine, runs them (never a backtracking `RegExp`).
 *
 * @example
 * const stream = createJsonStream({}, createSchemaJudge({ type: 'object', properties: { status: { type: 'string' } } }));
 * stream.push('{"status": 42,'); // { code: 'SCHEMA_MISMATCH', path: '/status', message: 'type: expected string, got 42', … }
 */
export function createSchemaJudge(schema: unknown, options?: SchemaJudgeOptions): JsonObserver {
  return compileSchemaJudge(schema, options)();
}
