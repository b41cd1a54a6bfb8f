import { parseJson } from '../core';
import type { Issue } from '../../issues/issue';

/**
 * Where named custom schemas live: a Workers KV namespace (the `SCHEMAS` binding), or anything with
 * the same two methods. A key is the schema's name, its value the JSON Schema as text.
 */
export interface SchemaStore {
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
}

/** A schema name: short, URL-safe, no path separators. */
export const SCHEMA_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** Reads a named schema: the parsed JSON Schema, or the issue that refuses the reference. */
export async function loadSchema(
  store: SchemaStore | undefined,
  name: string,
): Promise<{ ok: true; schema: unknown } | { ok: false; issue: Issue }> {
  const missing: Issue = {
    code: 'SCHEMA_NOT_FOUND',
    path: '',
    message: `no schema is stored as "${name}"`,
  };
  if (!store || !SCHEMA_NAME.test(name)) return { ok: false, issue: missing };
  let text: string | null;
  try {
    text = await store.get(name);
  } catch {
    return {
      ok: false,
      issue: { ...missing, message: `the schema store could not be read for "${name}"` },
    };
  }
  if (text === null) return { ok: false, issue: missing };
  const parsed = parseJson(text);
  if (!parsed.ok)
    return {
      ok: false,
      issue: {
        code: 'SCHEMA_MALFORMED',
        path: '',
        message: `the stored schema "${name}" is not strict JSON`,
      },
    };
  return { ok: true, schema: parsed.value };
}

/** Stores a named schema (already checked by the caller). */
export async function saveSchema(
  store: SchemaStore,
  name: string,
  schema: unknown,
): Promise<number> {
  const text = JSON.stringify(schema);
  await store.put(name, text);
  return text.length;
}
