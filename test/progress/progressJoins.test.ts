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
// of them, its tail after its rule's shortest match as well), each segment's members in any order (its data before its type, a share's long url
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
    // A cut anywhere in the secret, or one or two characters before its end (negative).
    cuts: fc.array(fc.oneof(fc.nat(), fc.constantFrom(-1, -2)), { minLength: 0, maxLength: 2 }),
    kinds: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
    orders: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  })
  .map(({ secret, separator, width, before, cuts, kinds, orders }) => {
    const plain = `${WORDS.slice(0, before)} ${secret} ${WORDS} ${WORDS}`;
    const body = separator === '' ? plain : wrap(plain, width, separator);
    // Cut inside the secret (after its first character, up to before its last), so it runs
    // across segments: past its rule's shortest match as well.
    const wrapped = (place: number) =>
      separator === '' ? place : place + Math.floor(place / width) * separator.length;
    const at = wrapped(before + 1);
    const last = wrapped(before + secret.length);
    const places = [
      ...new Set(
        cuts.map((cut) => (cut < 0 ? last + 1 + cut : at + 1 + (cut % Math.max(1, last - at)))),
      ),
    ].sort((a, b) => a - b);
    const bodies = cutAt(body, places);
    const text = `{"segments":[${bodies.map((each, k) => segment(each, kinds[k]!, orders[k]!)).join(',')}]}`;
    return { secret, separator, text };
  });
const chunking = fc.array(fc.nat({ max: 100_000 }), { maxLength: 30 });

// Fixed seeds: a failure reproduces (fast-check prints the path to shrink it further).
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
      { numRuns: 400, seed: 2801 },
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
      { numRuns: 200, seed: 2802 },
    );
  });
});

/** The keys the shortest-match cases cut (each rule's match ends before the key does). */
const CUT_KEYS: Record<string, string> = {
  OpenAI: KEYS.openai,
  JWT: KEYS.jwt,
  'GitHub (a longer token)': `ghs_${randomChars(72, 21)}`,
  Stripe: `sk_live_${randomChars(24, 22)}`,
};

/** The value of every view of `text` streamed a character at a time (none while no view shows). */
function viewValues(text: string): unknown[] {
  const builder = createValueBuilder(encodePointer);
  const stream = createJsonStream({}, builder.observer);
  const scanner = progressScanner({});
  const values: unknown[] = [];
  for (const char of text) {
    expect(stream.push(char)).toBeUndefined();
    const view = safeProgressView(builder.current(), scanner);
    if (view !== undefined) values.push(view.value);
  }
  return values;
}

describe('progress views of a key cut across segments after its shortest match', () => {
  // However short the tail in the next segment (one character), no view shows it in clear: the
  // final reply masks it with the key (tailAcross), so the views hold it back until it is masked.
  const after = ` is the key${' and keep it safe, do not share it with anyone at all'.repeat(4)}.`;
  for (const [label, key] of Object.entries(CUT_KEYS))
    it.each([0.8, 0.9, 0.95, -1])(`${label} cut at %f (-1: before its last character)`, (at) => {
      const cut = at < 0 ? key.length - 1 : Math.round(key.length * at);
      const tail = key.slice(cut);
      const value = {
        segments: [
          { type: 'text', data: { text: `key ${key.slice(0, cut)}` } },
          { type: 'text', data: { text: `${tail}${after}` } },
        ],
      };
      const text = JSON.stringify(value);
      expect(hiddenPieces(key, text)).toHaveLength(key.length - 7);
      let shownAfter = false;
      for (const shown of viewValues(text)) {
        const second = (shown as typeof value).segments?.[1]?.data?.text;
        if (second === undefined) continue;
        expect(second.startsWith(tail), `${JSON.stringify(second)} at ${text.length}`).toBe(false);
        if (second.includes(' is the key')) shownAfter = true;
      }
      expect(shownAfter).toBe(true);
    });
});

describe('progress views of a key cut by a line break in one string after its shortest match', () => {
  // Issue 28: the final reply masks the key's rest on the next line with it (tailWithin), and
  // reads a key whose next line is a capitalised sentence; no view shows either in clear.
  const after = ' and keep it safe, do not share it with anyone at all'.repeat(4);
  for (const [label, key] of Object.entries(CUT_KEYS))
    it.each([0.8, 0.95, -1])(`${label} cut at %f (-1: before its last character)`, (at) => {
      const cut = at < 0 ? key.length - 1 : Math.round(key.length * at);
      for (const words of ['thanks for waiting', 'Thanks for waiting']) {
        const text = JSON.stringify({
          text: `key ${key.slice(0, cut)}\n${key.slice(cut)}\n${words}${after}.`,
        });
        expect(hiddenPieces(key, text, '\n')).toHaveLength(key.length - 7);
        let shownAfter = false;
        for (const value of viewValues(text)) {
          const shown = (value as { text?: string }).text;
          if (shown === undefined) continue;
          expect(shown.includes(`\n${key.slice(cut)}`), JSON.stringify(shown)).toBe(false);
          expect(shown).not.toContain(key.slice(0, 8));
          if (shown.includes(' for waiting')) shownAfter = true;
        }
        expect(shownAfter).toBe(true);
      }
    });
});

describe('progress views of a key the final reply joins across blank lines', () => {
  /** Every view of `text` streamed a character at a time, its strings joined. */
  const views = (text: string) => viewValues(text).map((value) => stringsOf(value).join('\u0000'));
  const words = ' the reply is ready see below and thanks for waiting so long today'.repeat(3);

  // (Every 21 characters, and a paragraph that starts with a small letter: the scanner reads a
  // line after the key as its last piece while the line is as wide as that piece, or is a
  // capitalised word alone (`Keep`), and misses the key until the line goes on: its gap, not the
  // views'.)
  it('wrapped with blank lines in one string', () => {
    const text = JSON.stringify({
      text: `key: ${wrap(KEYS.anthropic, 21, '\n\n')}\n\nkeep it safe.${words}`,
    });
    const hidden = hiddenPieces(KEYS.anthropic, text, '\n\n');
    expect(hidden.length).toBeGreaterThan(90);
    for (const shown of views(text))
      for (const each of hidden) expect(shown.replaceAll('\n\n', '')).not.toContain(each);
  });

  // Issue 28: as the paragraph after the key streams in, its line passes through the width of
  // the key's last piece (`keep it.` after a piece 8 wide): the final scan no longer reads it as
  // one more line of the key, and no view shows what the final scan masks on the way.
  const keys: Record<string, string> = {
    Anthropic: KEYS.anthropic,
    OpenAI: KEYS.openai,
    JWT: KEYS.jwt,
  };
  for (const [label, key] of Object.entries(keys))
    it.each([13, 20, 33])(
      `${label} every %i characters, the paragraph after it as wide as its last piece`,
      (width) => {
        for (const paragraph of ['keep it safe.', 'Keep it safe.']) {
          const text = JSON.stringify({
            text: `key: ${wrap(key, width, '\n\n')}\n\n${paragraph}${words}`,
          });
          const hidden = hiddenPieces(key, text, '\n\n');
          expect(hidden).toHaveLength(key.length - 7);
          for (const shown of views(text))
            for (const each of hidden) expect(shown.replaceAll('\n\n', '')).not.toContain(each);
        }
      },
    );

  it("a segment ending in a piece and a hard break's blanks, the next starting with a line break", () => {
    const [head, rest] = [KEYS.anthropic.slice(0, 15), KEYS.anthropic.slice(15)];
    const text = JSON.stringify({
      segments: [
        { data: { text: `the re ${head}  ` }, type: 'text' },
        { type: 'markdown', data: { content: `\n${wrap(rest, 22, '  \n')}${words}` } },
      ],
    });
    const hidden = hiddenPieces(KEYS.anthropic, text, '  \n');
    expect(hidden.length).toBeGreaterThan(90);
    for (const shown of views(text))
      for (const each of hidden) expect(shown.replaceAll('  \n', '')).not.toContain(each);
  });
});
