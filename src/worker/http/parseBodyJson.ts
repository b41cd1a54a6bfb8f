import type { ParseResult } from '../../json/parseJson';
import type { JsonValue } from '../../json/jsonValue';
import { parseJson } from '../core';

/** The strict parser's default length bound (UTF-16 units): longer text goes to it. */
const MAX_LENGTH = 1_048_576;
/** Nesting this deep goes to the strict parser (its own bound is 64). */
const MAX_DEPTH = 32;
/** Any surrogate (quick); then a lone one: with the `u` flag a pair is one code point, never matched. */
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A request body as the strict parser reads it with its defaults (`parseJson`): the same value,
 * or the same first issue. `JSON.parse` reads the text first (natively, several times faster on
 * a body at the limit than the strict parser, a character at a time in JavaScript); the strict
 * parser reads it when `JSON.parse` refuses it, or when its value may hold what the strict
 * parser refuses and `JSON.parse` takes: a duplicate member (`JSON.parse` keeps the last, and the
 * text then holds more colons than the value's members and strings), a `__proto__` member, a
 * lone surrogate, an integer past ±(2^53−1) or an infinite number, nesting past 32, text past 1 MiB. A colon written as
 * `\u003a` would hide a dropped member from that count, so such text goes to it too.
 */
export function parseBodyJson(text: string): ParseResult {
  if (text.length <= MAX_LENGTH && !text.includes('u003a') && !text.includes('u003A')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return parseJson(text);
    }
    const tally = { colons: 0 };
    if (taken(value, 0, tally) && tally.colons === colonsIn(text))
      return { ok: true, value: value as JsonValue };
  }
  return parseJson(text);
}

/**
 * True when the strict parser takes `value` as `JSON.parse` gave it; counts, in `tally`, the
 * colons its members and strings account for (one a member, and those inside names and strings).
 */
function taken(value: unknown, depth: number, tally: { colons: number }): boolean {
  if (typeof value === 'string') {
    tally.colons += colonsIn(value);
    return !SURROGATE.test(value) || !LONE_SURROGATE.test(value);
  }
  if (typeof value === 'number')
    return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
  if (value === null || typeof value !== 'object') return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => taken(item, depth + 1, tally));
  const object = value as Record<string, unknown>;
  for (const name of Object.keys(object)) {
    if (name === '__proto__' || !taken(name, depth, tally)) return false;
    tally.colons += 1;
    if (!taken(object[name], depth + 1, tally)) return false;
  }
  return true;
}

function colonsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at >= 0; at = text.indexOf(':', at + 1)) count++;
  return count;
}
