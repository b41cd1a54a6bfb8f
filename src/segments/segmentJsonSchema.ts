import { GENERATED_SEGMENT_JSON_SCHEMA } from './segmentJsonSchema.generated';

/** A JSON Schema document, as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

let cached: JsonSchema | undefined;

/**
 * The segment reply as a JSON Schema (draft 2020-12): the valibot catalog converted by
 * @valibot/to-json-schema at build time. Frozen deeply and shared.
 */
export function segmentJsonSchema(): JsonSchema {
  cached ??= deepFreeze({
    $id: 'https://replyguard.dev/schemas/segments.json',
    title: 'replyguard segment reply',
    ...structuredClone(GENERATED_SEGMENT_JSON_SCHEMA),
  });
  return cached;
}

/** Freezes a JSON value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
