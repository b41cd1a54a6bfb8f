import type { ChunkType } from '@mastra/core/stream';
import { quoteOutbound, type QuoteOptions } from './core';

/** The longest error message a masked error keeps (`…` aside), as the AI SDK adapter's. */
const MESSAGE_MAX = 300;
/** The longest other text of an error (its stack, a response body), `…` aside. */
const TEXT_MAX = 4000;
/** How deep a masked error is copied (an error, its cause, the cause's fields); deeper is dropped. */
const DEPTH = 4;

/**
 * An `error` or `tool-error` part with its error masked, in a copy of the part: everything else
 * of the part is as Mastra made it, so the run still ends as an error. Any other part as it is.
 */
export function maskedErrorPart(part: ChunkType, leaks: QuoteOptions['leaks']): ChunkType {
  if (part.type !== 'error' && part.type !== 'tool-error') return part;
  const error = maskedValue(part.payload.error, leaks, DEPTH, new WeakMap(), 'error');
  return { ...part, payload: { ...part.payload, error } } as ChunkType;
}

/**
 * A copy of a reported value with every text in it masked first, then shortened: a string, or an
 * object (an `Error` of any class, its `cause`, a response's fields) copied with its prototype and
 * own fields, each masked in turn. A model or a tool quotes what it was given in its errors (a key,
 * a prompt's secret); the copy is what leaves, the original is left as it is.
 */
function maskedValue(
  value: unknown,
  leaks: QuoteOptions['leaks'],
  depth: number,
  copies: WeakMap<object, object>,
  key: string,
): unknown {
  if (typeof value === 'string')
    return quoteOutbound(value, { leaks, max: key === 'message' ? MESSAGE_MAX : TEXT_MAX });
  if (typeof value !== 'object' || value === null) return value;
  const known = copies.get(value);
  if (known) return known;
  if (depth <= 0) return undefined;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    copies.set(value, items);
    for (const item of value) items.push(maskedValue(item, leaks, depth - 1, copies, ''));
    return items;
  }
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as object;
  copies.set(value, copy);
  // Symbol keys too: the AI SDK marks its errors with one (`APICallError.isInstance` reads it).
  for (const name of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, name)!;
    // A getter is read once: the copy holds what it gave, masked.
    const field =
      'value' in descriptor
        ? (descriptor.value as unknown)
        : (value as Record<PropertyKey, unknown>)[name];
    Object.defineProperty(copy, name, {
      value: maskedValue(field, leaks, depth - 1, copies, String(name)),
      writable: true,
      enumerable: descriptor.enumerable ?? false,
      configurable: true,
    });
  }
  return copy;
}
