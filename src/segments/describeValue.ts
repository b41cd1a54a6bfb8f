import { excerpt } from '../issues/excerpt';

/**
 * How an issue message names the value it got: strings quoted as a short excerpt (never a whole
 * reply, never a token), numbers and booleans as written, `null`, and `Object` / `Array` for
 * containers. The words follow valibot's, so messages read the same whichever side found them.
 */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `"${excerpt(value)}"`;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'Array' : 'Object';
    default:
      return typeof value;
  }
}
