/**
 * The JSON object a text holds, or undefined when it is not JSON or not an object (an array,
 * a string). Used to write tool arguments and results where a wire format wants an object.
 */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
