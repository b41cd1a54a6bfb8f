import * as v from 'valibot';

/**
 * A JSON object, never an array (valibot's `record` reads an array as an empty object): a tool's
 * input, a JSON Schema, tool parameters.
 */
export function plainObject(message = 'an object') {
  return v.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    message,
  );
}
