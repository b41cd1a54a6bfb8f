import type { PreparedSchema } from '../../schema/preparedSchema';
import { prepareSchema } from '../core';
import type { HttpError } from '../http/httpError';

/**
 * A client's schema made ready, or the 400 `SCHEMA_MALFORMED` that refuses it, naming the first
 * issue and carrying them all beside `details` (the field the schema came in).
 */
export async function prepareClientSchema(
  schema: unknown,
  details: Readonly<Record<string, unknown>> = {},
): Promise<
  | { readonly ok: true; readonly schema: PreparedSchema }
  | { readonly ok: false; readonly error: HttpError }
> {
  const prepared = await prepareSchema(schema);
  if (prepared.ok) return prepared;
  return {
    ok: false,
    error: {
      status: 400,
      code: 'SCHEMA_MALFORMED',
      message: prepared.issues[0]?.message ?? 'the schema does not compile',
      details: { ...details, issues: prepared.issues },
    },
  };
}
