import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePointer } from '../../src/issues/encodePointer';
import { createJsonStream } from '../../src/json/createJsonStream';
import { createProgress } from '../../src/progress/createProgress';
import { createValueBuilder } from '../../src/progress/createValueBuilder';
import { HOLD_MAX } from '../../src/progress/holdBack';
import { progressScanner } from '../../src/progress/progressScanner';
import { safeProgressView } from '../../src/progress/safeProgressView';
import { earlyCheckFor } from '../../src/reply/earlyCheck';
import { cutAt } from '../schema/judgeRun';
import { hiddenPieces, KEYS, randomChars, stringsOf, wrap } from './progressLeaks';

// Generated segment replies with a secret the final reply masks: the reply hard-wrapped (or not)
// with any separator a scanner joins, cut into segments anywhere (the secret across two or three
// of them), each segment's members in any order (its data before its type, a share's long url
// after its title), streamed in random chunks. No view shows 8 characters of the secret.

const WORDS = 'the reply is ready see below and thanks for waiting so long today';
const secrets = fc.constantFrom(
  KEYS.anthropic,
  KEYS.jwt,
  KEYS.openai,
  KEYS.github,
  `eyJ${randomChars(150, 11)}.eyJ${randomChars(40, 12)}.${randomChars(43, 13)}`,
);
const separators = fc.constantFrom('', '\n', '\r\n', '\n  ', '\n\t', '\n> ', '  \n', '\\\n');

/** One segment holding `body`, its members in the given order. */
function segment(body: string, kind: number, typeLast: boolean): string {
  const [type, data] =
    kind === 0
      ? ['text', { text: body }]
      : kind === 1
        ? ['markdown', { content: body }]
        : ['share', { title: body, url: `https://example.com/${'p'.repeat(150)}` }];
  const typed = `"type":${JSON.stringify(type)}`;
  const held = `"data":${JSON.stringify(data)}`;
  return `{${typeLast ? `${held},${typed}` : `${typed},${held}`}}`;
}

const reply = fc
  .record({
    secret: secrets,
    separator: separators,
    width: fc.integer({ min: 20, max: 70 }),
    before: fc.integer({ min: 0, max: WORDS.length }),
    cuts: fc.array(fc.nat(), { minLength: 0, maxLength: 2 }),
    kinds: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
    orders: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  })
  .map(({ secret, separator, width, before, cuts, kinds, orders }) => {
    const plain = `${WORDS.slice(0, before)} ${secret} ${WORDS} ${WORDS}`;
    const body = separator === '' ? plain : wrap(plain, width, separator);
    // Cut inside the secret, so it runs across segments.
    const at = body.indexOf(secret.slice(0, 4));
    const places = [
      ...new Set(cuts.map((cut) => at + 1 + (cut % Math.max(1, secret.length - 2)))),
    ].sort((a, b) => a - b);
    const bodies = cutAt(body, places);
    const text = `{"segments":[${bodies.map((each, k) => segment(each, kinds[k]!, orders[k]!)).join(',')}]}`;
    return { secret, separator, text };
  });
const chunking = fc.array(fc.nat({ max: 100_000 }), { maxLength: 30 });

describe('progress views of a secret the final reply joins across segments and lines', () => {
  it('never show 8 characters of it, whatever the chunking', () => {
    let checked = 0;
    fc.assert(
      fc.property(reply, chunking, ({ secret, separator, text }, at) => {
        const hidden = hiddenPieces(secret, text, separator);
        if (hidden.length === 0) return;
        checked++;
        const builder = createValueBuilder(encodePointer);
        const stream = createJsonStream({}, builder.observer);
        const scanner = progressScanner({});
        for (const piece of cutAt(
          text,
          at.map((n) => n % text.length).sort((a, b) => a - b),
        )) {
          expect(stream.push(piece)).toBeUndefined();
          const view = safeProgressView(builder.current(), scanner);
          if (view === undefined) continue;
          expect(view.heldBack).toBeLessThanOrEqual(HOLD_MAX);
          const shown = stringsOf(view.value).join('\u0000');
          const read = separator ? shown.replaceAll(separator, '') : shown;
          for (const each of hidden)
            expect(read, `${each} of ${JSON.stringify(text)}`).not.toContain(each);
        }
      }),
      { numRuns: 400 },
    );
    expect(checked).toBeGreaterThan(300);
  });

  it('nor do the views a turn hands out (createProgress, as streamReply uses it)', () => {
    fc.assert(
      fc.property(reply, chunking, ({ secret, separator, text }, at) => {
        const hidden = hiddenPieces(secret, text, separator);
        const early = earlyCheckFor(
          { mode: 'segments' },
          undefined,
          createProgress('segments', progressScanner({})),
        )!;
        for (const piece of cutAt(
          text,
          at.map((n) => n % text.length).sort((a, b) => a - b),
        )) {
          expect(early.push(piece)).toBeUndefined();
          const view = early.progress!();
          if (view === undefined) continue;
          const shown = stringsOf(view.value).join('\u0000');
          const read = separator ? shown.replaceAll(separator, '') : shown;
          for (const each of hidden) expect(read).not.toContain(each);
        }
      }),
      { numRuns: 200 },
    );
  });
});
