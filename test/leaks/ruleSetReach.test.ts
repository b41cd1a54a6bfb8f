import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { checkReply } from '../../src/index';
import type { LeakRule } from '../../src/leaks/leakRule';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { maskLeaks, scanLeaks } from '../../src/leaks/maskLeaks';
import { scanTables } from '../../src/leaks/scanTables';
import { HOLD_WINDOW } from '../../src/progress/holdBack';
import { progressScanner } from '../../src/progress/progressScanner';
import { FAR, NEAR, WORDS } from './hostTokRules';

// How far a rule set's lookarounds read is kept with its tables, built once per set. Sets with
// the same keywords share their keyword tables, never that figure: each call reads its own set's.

const SECRET = 'ab12cd34';
const text = `token tok_${SECRET} ${WORDS} CONFIDENTIAL end`;
// Cut inside a word, 110 characters in: the reader sees one text, and only a view of the whole
// of it lets the lookahead read on to CONFIDENTIAL.
const reply = {
  segments: [text.slice(0, 110), text.slice(110)].map((part) => ({
    type: 'text',
    data: { text: part },
  })),
};
const hidden = (value: unknown) => !JSON.stringify(value).includes(SECRET);

describe("a rule set's lookaround reach, kept with its tables", () => {
  it('the built-in rules read 18 around a match (the progress window of 96 keeps it)', () => {
    expect(scanTables(LEAK_RULES).around).toBe(18);
    expect(scanTables([...LEAK_RULES, ...HYGIENE_RULES]).around).toBe(18);
    expect(scanTables([...LEAK_RULES, NEAR]).around).toBe(18);
    expect(scanTables([NEAR]).around).toBe(10);
    expect(scanTables([...LEAK_RULES, FAR]).around).toBe(152);
  });

  it('calls alternating the built-in rules and host rule sets each read their own', async () => {
    const sets: [string, readonly LeakRule[] | undefined, string[], number][] = [
      ['built-in', undefined, [], HOLD_WINDOW],
      ['built-in far', [...LEAK_RULES, FAR], ['far'], HOLD_WINDOW - 18 + 152],
      ['built-in near', [...LEAK_RULES, NEAR], [], HOLD_WINDOW],
      ['far', [FAR], ['far'], HOLD_WINDOW - 18 + 152],
      ['near', [NEAR], [], HOLD_WINDOW],
    ];
    for (let round = 0; round < 3; round++)
      for (const [label, rules, found, window] of sets) {
        const options = rules ? { rules } : {};
        const rulesFound = [...new Set(scanLeaks(reply, options).map((f) => f.rule))];
        expect([label, rulesFound]).toEqual([label, found]);
        const masked = hidden(maskLeaks(reply, options).value);
        expect([label, masked]).toEqual([label, found.length > 0]);
        const checked = await checkReply(JSON.stringify(reply), { leaks: options });
        expect([label, hidden(checked.value)]).toEqual([label, found.length > 0]);
        expect([label, progressScanner({ leaks: options }).window]).toEqual([label, window]);
      }
  });
});
