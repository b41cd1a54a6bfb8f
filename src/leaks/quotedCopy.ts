// No imports: the agent adapters bundle this file as it is, with `quoteOutbound` from the
// package's main entry as the quote (an adapter must not ship a second copy of the core).

/** How deep a copy goes (an error, its cause, the cause's fields); deeper values are dropped. */
const DEPTH = 4;
/** The longest error message a copy keeps (`…` aside), as the AI SDK adapter's. */
export const MESSAGE_MAX = 300;
/** The longest other text of an error (its stack, a response body), `…` aside. */
const TEXT_MAX = 4000;

/** Masks, then shortens a text to `max` (`quoteOutbound` with the caller's leak options). */
type Quote = (text: string, max: number) => string;

/**
 * A copy of a reported value (an error of any class, its `cause`, a response's fields) with every
 * text in it through `quote` (to {@link MESSAGE_MAX} for a `message`, 4,000 elsewhere): a string,
 * or an object copied with its prototype and own fields (symbol keys and hidden ones, such as an
 * error's `message` and `stack`), each in turn; cycles are kept. A model or a tool quotes what it
 * was given in its errors (a key, a prompt's secret): the copy is what leaves, the original is
 * left as it is.
 */
export function quotedCopy(value: unknown, quote: Quote): unknown {
  return copyOf(value, quote, DEPTH, new WeakMap(), '');
}

/** Masks a JSON value whole, names and numbers too (`maskLeaks` with the caller's leak options). */
type MaskValue = (value: unknown) => unknown;

/**
 * A masked copy of a model's or a tool's data (a tool's result and arguments, a reasoning
 * trace, a conversation's messages), nothing shortened or dropped: the data as JSON writes it (a
 * `Date` becomes its ISO text, a class what its `toJSON` gives, as it reaches a model or a wire)
 * through `mask`, which reads it as the scanner reads a reply (a key cut across two strings
 * too). Data JSON cannot write (a cycle, a `BigInt`) is quoted as an error is
 * ({@link quotedCopy}: bounded, cycles kept).
 */
export function quotedData(value: unknown, mask: MaskValue, quote: Quote): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return quotedCopy(value, quote);
  }
  return json === undefined ? value : mask(JSON.parse(json) as unknown);
}

function copyOf(
  value: unknown,
  quote: Quote,
  depth: number,
  copies: WeakMap<object, object>,
  field: string,
): unknown {
  if (typeof value === 'string') return quote(value, field === 'message' ? MESSAGE_MAX : TEXT_MAX);
  if (typeof value !== 'object' || value === null) return value;
  const known = copies.get(value);
  if (known) return known;
  if (depth <= 0) return undefined;
  // Their state is not in own fields: a copy by fields would be an empty shell (a `Date` whose
  // `toJSON` throws).
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Map || value instanceof Set) {
    const entries = value instanceof Map ? [...value] : [...value.values()];
    const items = copyOf(entries, quote, depth, copies, field) as unknown[];
    return value instanceof Map ? new Map(items as [unknown, unknown][]) : new Set(items);
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    copies.set(value, items);
    for (const item of value) items.push(copyOf(item, quote, depth - 1, copies, field));
    return items;
  }
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as object;
  copies.set(value, copy);
  // Symbol keys too: the AI SDK marks its errors with one (`APICallError.isInstance` reads it).
  for (const name of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, name)!;
    // A getter is read once: the copy holds what it gave.
    const own =
      'value' in descriptor
        ? (descriptor.value as unknown)
        : (value as Record<PropertyKey, unknown>)[name];
    Object.defineProperty(copy, name, {
      value: copyOf(own, quote, depth - 1, copies, String(name)),
      writable: true,
      enumerable: descriptor.enumerable ?? false,
      configurable: true,
    });
  }
  return copy;
}
