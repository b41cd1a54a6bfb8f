import { excerpt } from '../issues/excerpt';

/**
 * How an issue message names the value it got: strings quoted as a short excerpt (never a whole
 * reply, never a token), numbers and booleans as written, `null`, and `Object` / `Array` for
 * containers. The words follow valibot's, so messages read the same whichever side found them.
 */
export function describeValue(value: unknown): string {
  const type = typeof value;
  if (type === 'string') return `"${excerpt(value as string)}"`;
  if (type === 'number' || type === 'boolean' || type === 'bigint') return String(value);
  if (type !== 'object') return type;
  return value === null ? 'null' : Array.isArray(value) ? 'Array' : 'Object';
}
