import type { JsonSchema } from '../segments/segmentJsonSchema';
import type { StandardSchemaV1 } from './standardSchema';

type Converter = (options: { target: string; libraryOptions?: Record<string, unknown> }) => unknown;

/**
 * The JSON Schema of a Standard Schema's input, only when it allows nothing the library itself
 * would refuse to accept, so the streaming judge may refuse by it: a Standard JSON Schema
 * (`~standard.jsonSchema`, as zod 4 and valibot's `toStandardJsonSchema` provide) converted while
 * the library's own hook shows every part. A part that widens what the library accepts makes it
 * unfaithful: zod's `catch`, coercion, `preprocess` and in-place string rewrites (`trim`,
 * `toLowerCase`…); valibot's `fallback` and transformations. Any other library: `undefined` (its
 * parts cannot be seen). The providers still get the plain conversion; only the early judge
 * waits for a faithful one.
 */
export function faithfulJsonSchema(schema: StandardSchemaV1): JsonSchema | undefined {
  const standard = schema['~standard'] as StandardSchemaV1['~standard'] & {
    jsonSchema?: { input?: Converter };
  };
  const input = standard.jsonSchema?.input;
  if (typeof input !== 'function') return undefined;
  let seen = 0;
  let widens = false;
  const libraryOptions: Record<string, unknown> | undefined =
    standard.vendor === 'zod'
      ? {
          override: (context: { zodSchema?: unknown }) => {
            seen++;
            if (zodWidens(context.zodSchema)) widens = true;
          },
        }
      : standard.vendor === 'valibot'
        ? {
            overrideSchema: (context: { valibotSchema?: unknown }) => {
              seen++;
              if (isRecord(context.valibotSchema) && 'fallback' in context.valibotSchema)
                widens = true;
              return undefined;
            },
            overrideAction: (context: { valibotAction?: unknown }) => {
              if (
                isRecord(context.valibotAction) &&
                context.valibotAction.kind === 'transformation'
              )
                widens = true;
              return undefined;
            },
          }
        : undefined;
  if (libraryOptions === undefined) return undefined;
  try {
    const converted = input.call(standard.jsonSchema, { target: 'draft-2020-12', libraryOptions });
    return !widens && seen > 0 && isRecord(converted) ? converted : undefined;
  } catch {
    return undefined;
  }
}

/** A zod part that accepts more than its JSON Schema says. */
function zodWidens(schema: unknown): boolean {
  const def = isRecord(schema) && isRecord(schema._zod) ? schema._zod.def : undefined;
  if (!isRecord(def)) return true;
  if (def.coerce === true || def.type === 'catch' || def.type === 'custom') return true;
  // preprocess: a pipe from a transform, whose input is anything.
  if (def.type === 'pipe' && isRecord(def.in) && isRecord(def.in._zod)) {
    const inner = def.in._zod.def;
    if (isRecord(inner) && inner.type === 'transform') return true;
  }
  const checks = Array.isArray(def.checks) ? (def.checks as unknown[]) : [];
  return checks.some((check) => {
    const checkDef = isRecord(check) && isRecord(check._zod) ? check._zod.def : undefined;
    return !isRecord(checkDef) || checkDef.check === 'overwrite';
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
