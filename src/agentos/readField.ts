/**
 * A chunk's field as read once, or `undefined` when reading it throws (a getter, a revoked
 * proxy): the guardrail masks what it can read and never throws for one field.
 */
export function readField(chunk: object, name: string): unknown {
  try {
    return (chunk as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}
