import { expect } from 'vitest';
import { firstPass } from '../../src/leaks/firstPass';
import { inertSeam } from '../../src/leaks/inertSeam';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanTables } from '../../src/leaks/scanTables';
import { textStream } from '../../src/leaks/textStream';

// What the seam tests (inertSeam.test.ts, seamKeywords.test.ts) build their cases from.

/** A segment reply of text segments: each seam between two of them is a join. */
export const texts = (...parts: string[]) => ({
  segments: parts.map((text) => ({ type: 'text', data: { text } })),
});

/**
 * `inertSeam` of the first seam of `value`'s stream, with the copy's reach `seamReach` gives it
 * and whether the text's pass saw a special there, as `joinedWindows` asks it.
 */
export function inert(value: unknown, tables = scanTables(LEAK_RULES)): boolean {
  const { text, joins } = textStream(value, false);
  expect(joins.length).toBeGreaterThan(0);
  const reach = Math.max(40, tables.longest);
  const from = Math.max(0, joins[0]! - reach);
  const to = Math.min(text.length, joins[1]! + reach);
  // A unit above ASCII the tables meet for the first time is a special once (then classified).
  firstPass(text, tables, true, 0);
  const { specials } = firstPass(text, tables, true, 0);
  const plain = !Array.from(specials.list.subarray(0, specials.length)).some(
    (at) => from <= at && at < to,
  );
  return inertSeam(text, tables, from, joins[0]!, joins[1]!, to, plain);
}
