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
  try {
    return copyOf(value, quote, DEPTH, new WeakMap(), '');
  } catch {
    return undefined; // a value that throws when read (a revoked proxy, a throwing `toString`)
  }
}

/** Masks a JSON value whole, names and numbers too (`maskLeaks` with the caller's leak options). */
type MaskValue = (value: unknown) => unknown;

/** The core's leak functions, as an adapter has them from the package's main entry. */
interface LeakFunctions<L> {
  readonly quoteOutbound: (text: string, options: { leaks: L; max: number }) => string;
  readonly maskLeaks: (value: unknown, leaks: L) => { value: unknown };
}

/**
 * The `quote` ({@link quotedCopy}) and `mask` ({@link quotedData}) of an adapter with the host's
 * leak options: `quoteOutbound` and `maskLeaks` of the core the adapter imports.
 */
export function leakQuoters<L>(
  { quoteOutbound, maskLeaks }: LeakFunctions<L>,
  leaks: L,
): { quote: Quote; mask: MaskValue } {
  return {
    quote: (text, max) => quoteOutbound(text, { leaks, max }),
    mask: (value) => maskLeaks(value, leaks).value,
  };
}

/**
 * A masked copy of a model's or a tool's data (a tool's result and arguments, a reasoning
 * trace, a conversation's messages), nothing shortened or dropped: the data as JSON writes it (a
 * `Date` becomes its ISO text, a class what its `toJSON` gives, as it reaches a model or a wire)
 * through `mask`, which reads it as the scanner reads a reply (a key cut across two strings
 * too). Data JSON cannot write (a cycle, a `BigInt`) is quoted as an error is
 * ({@link quotedCopy}: bounded, cycles kept).
 */
export function quotedData(value: unknown, mask: MaskValue, quote: Quote): unknown {
  try {
    const json = JSON.stringify(value);
    // What JSON leaves out (a function, a `toJSON` giving nothing) leaves out here too.
    return json === undefined ? undefined : mask(JSON.parse(json) as unknown);
  } catch {
    // A cycle, a `BigInt`, a throwing getter, nesting deeper than the mask's walk can go.
    return quotedCopy(value, quote);
  }
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
  // A built-in's state is not in its own fields: a copy by fields would be an empty shell whose
  // methods throw (a `Date`'s `toJSON`, a `URL`'s). A `Date` keeps its time, a `Map` or a `Set`
  // its entries (masked); any other (a URL, a typed array, a RegExp, Headers) leaves as its text.
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Map || value instanceof Set) {
    const copy = value instanceof Map ? new Map() : new Set();
    copies.set(value, copy);
    for (const entry of value instanceof Map ? value : value.values()) {
      const item = copyOf(entry, quote, depth, copies, field);
      if (copy instanceof Map) copy.set(...(item as [unknown, unknown]));
      else copy.add(item);
    }
    return copy;
  }
  if (!/^\[object (Object|Error|Array)\]$/.test(Object.prototype.toString.call(value)))
    return quote((value as { toString(): string }).toString(), TEXT_MAX);
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
    // A getter is read once: the copy holds what it gave (nothing, when it throws).
    let own: unknown;
    try {
      own =
        'value' in descriptor
          ? (descriptor.value as unknown)
          : (value as Record<PropertyKey, unknown>)[name];
    } catch {
      own = undefined;
    }
    Object.defineProperty(copy, name, {
      value: copyOf(own, quote, depth - 1, copies, String(name)),
      writable: true,
      enumerable: descriptor.enumerable ?? false,
      configurable: true,
    });
  }
  return copy;
}
