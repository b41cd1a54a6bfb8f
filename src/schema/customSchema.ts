import type { PreparedResult } from './preparedSchema';

export type {
  CustomSchema,
  PreparedResult,
  PreparedSchema,
  ValueValidator,
} from './preparedSchema';

/**
 * Prepares a custom schema: a JSON Schema is checked for well-formedness and compiled with
 * @cfworker/json-schema; a Standard Schema is used as it is. A malformed schema is refused
 * (SCHEMA_MALFORMED) before any model call. `remotes` are schemas that `$ref`s may name by URI.
 * All of it loads on first use (lazy chunks), so IM-only users never load it; a chunk that cannot
 * be loaded refuses the schema (INTERNAL) rather than throw.
 */
export async function prepareSchema(
  schema: unknown,
  options: { readonly remotes?: Readonly<Record<string, unknown>> } = {},
): Promise<PreparedResult> {
  let prepare: typeof import('./prepareCustomSchema').prepareCustomSchema;
  try {
    ({ prepareCustomSchema: prepare } = await import('./prepareCustomSchema'));
  } catch {
    return {
      ok: false,
      issues: [
        { code: 'INTERNAL', path: '', message: 'the custom schema support could not be loaded' },
      ],
    };
  }
  return prepare(schema, options);
}
