import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePointer } from '../../src/issues/encodePointer';
import { createJsonStream } from '../../src/json/createJsonStream';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { createProgress } from '../../src/progress/createProgress';
import { createValueBuilder } from '../../src/progress/createValueBuilder';
import { HOLD_MAX } from '../../src/progress/holdBack';
import { progressScanner } from '../../src/progress/progressScanner';
import { safeProgressView } from '../../src/progress/safeProgressView';
import { earlyCheckFor } from '../../src/reply/earlyCheck';
import { cutAt } from '../schema/judgeRun';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const chars = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });
const LITERAL = 'correct-horse-battery-staple-42';
const policies = { leaks: { literals: [LITERAL] } };

/** Secrets of several shapes: short tokens, a literal, a long key (past the hold-back), a PEM block, a URL credential. */
const secret = fc.oneof(
  chars(ALNUM, 36).map((body) => `ghp_${body}`),
  chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16).map((body) => `AKIA${body}`),
  fc.constant(LITERAL),
  fc.tuple(chars(ALNUM, 20), chars(ALNUM, 140)).map(([a, b]) => `sk-proj-${a}T3BlbkFJ${b}`),
  fc
    .array(chars(`${ALNUM}+/`, 64), { minLength: 3, maxLength: 3 })
    .map(
      (lines) =>
        `-----BEGIN RSA PRIVATE KEY-----\n${lines.join('\n')}\n-----END RSA PRIVATE KEY-----`,
    ),
  chars(ALNUM, 14).map((password) => `postgres://admin:${password}@db.example.com:5432/prod`),
);
const words = fc
  .array(
    fc.constantFrom(
      'the',
      'reply',
      'is',
      'ready',
      'see',
      'below',
      'and',
      'thanks',
      '**bold**',
      'a\nb',
    ),
    {
      maxLength: 30,
    },
  )
  .map((list) => list.join(' '));

/** A segment reply with the secret in its text, whole or cut across two text segments. */
const reply = fc
  .tuple(words, secret, words, fc.boolean(), fc.nat())
  .map(([before, token, after, split, at]) => {
    const cut = split ? 1 + (at % (token.length - 1)) : token.length;
    const texts = split
      ? [`${before} ${token.slice(0, cut)}`, `${token.slice(cut)} ${after}`]
      : [`${before} ${token} ${after}`];
    return {
      token,
      split,
      text: JSON.stringify({ segments: texts.map((text) => ({ type: 'text', data: { text } })) }),
    };
  });
const cuts = fc.array(fc.nat({ max: 100_000 }), { maxLength: 40 });

/** Every string of a value, apart. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The secret's 8-character pieces that the final masked reply does not show either. */
function hiddenPieces(token: string, text: string): string[] {
  const final = stringsOf(maskLeaks(JSON.parse(text), policies.leaks).value).join('\u0000');
  const pieces: string[] = [];
  for (let at = 0; at + 8 <= token.length; at++) {
    const piece = token.slice(at, at + 8);
    if (!piece.includes('\n') && !final.includes(piece)) pieces.push(piece);
  }
  return pieces;
}

/** Each view after each chunk, taken directly (no spacing between views). */
function everyView(text: string, pieces: readonly string[]) {
  const builder = createValueBuilder(encodePointer);
  const stream = createJsonStream({}, builder.observer);
  const views: NonNullable<ReturnType<typeof safeProgressView>>[] = [];
  for (const piece of pieces) {
    stream.push(piece);
    const view = safeProgressView(builder.current(), progressScanner(policies));
    if (view) views.push(view);
  }
  return views;
}

describe('a progress view never shows a secret unmasked', () => {
  it('whatever the chunking, no view shows a piece of a secret the final reply masks', () => {
    // The property has teeth only where the final reply masks something: count those cases.
    let whole = 0;
    let masked = 0;
    fc.assert(
      fc.property(reply, cuts, ({ token, split, text }, at) => {
        const hidden = hiddenPieces(token, text);
        if (!split) {
          whole++;
          if (hidden.length > 0) masked++;
        }
        const pieces = cutAt(
          text,
          at.map((n) => n % text.length).sort((a, b) => a - b),
        );
        for (const view of everyView(text, pieces)) {
          const shown = stringsOf(view.value).join('\u0000');
          for (const piece of hidden)
            expect(shown, `${piece} in ${JSON.stringify(pieces)}`).not.toContain(piece);
        }
      }),
      { numRuns: 800 },
    );
    // Secrets of these shapes kept whole are masked by the final reply, but for the rare draw
    // the scanner rightly reads as a placeholder (`sk-proj-AAAA…`, a run of one character).
    expect(masked).toBeGreaterThan(whole * 0.9);
  });

  it('has teeth: masking the text read so far without holding back shows pieces of secrets', () => {
    const token = `ghp_${'Z9y8X7w6V5u4T3s2R1q0'.repeat(2).slice(0, 36)}`;
    const text = JSON.stringify({
      segments: [{ type: 'text', data: { text: `key ${token} end` } }],
    });
    const hidden = hiddenPieces(token, text);
    const builder = createValueBuilder(encodePointer);
    const stream = createJsonStream({}, builder.observer);
    let leaked = false;
    for (const piece of cutAt(text, [text.indexOf('ghp_') + 20])) {
      stream.push(piece);
      const naive = stringsOf(maskLeaks(builder.current().root, policies.leaks).value).join('');
      if (hidden.some((each) => naive.includes(each))) leaked = true;
    }
    expect(leaked).toBe(true);
  });

  it('nor do the views the early check hands out while the answer streams', () => {
    fc.assert(
      fc.property(reply, cuts, ({ token, text }, at) => {
        const hidden = hiddenPieces(token, text);
        const early = earlyCheckFor(
          { mode: 'segments' },
          undefined,
          createProgress('segments', progressScanner(policies)),
        )!;
        for (const piece of cutAt(
          text,
          at.map((n) => n % text.length).sort((a, b) => a - b),
        )) {
          expect(early.push(piece)).toBeUndefined();
          const view = early.progress!();
          if (view === undefined) continue;
          expect(view.heldBack).toBeLessThanOrEqual(HOLD_MAX);
          const shown = stringsOf(view.value).join('\u0000');
          for (const each of hidden) expect(shown).not.toContain(each);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a view shows what the final reply will show, names and numbers too', () => {
  /** Every member name of a value. */
  const namesOf = (value: unknown): string[] =>
    typeof value !== 'object' || value === null
      ? []
      : Array.isArray(value)
        ? value.flatMap(namesOf)
        : Object.entries(value).flatMap(([name, inner]) => [name, ...namesOf(inner)]);
  const token = `ghp_${'Q1w2E3r4T5y6U7i8O9p0'.repeat(2).slice(0, 36)}`;

  it('masks a secret in a member name, whatever the chunking (custom schema replies)', () => {
    const text = JSON.stringify({ answer: 'ok', [token]: true, more: 'text after it' });
    fc.assert(
      fc.property(cuts, (at) => {
        const pieces = cutAt(
          text,
          at.map((n) => n % text.length).sort((a, b) => a - b),
        );
        for (const view of everyView(text, pieces))
          expect(namesOf(view.value).join(' ')).not.toContain(token.slice(4, 20));
      }),
      { numRuns: 300 },
    );
    const last = everyView(text, [text]).at(-1)!;
    expect(namesOf(last.value)).toContain('[REDACTED]');
  });

  it('shows a number that holds a host literal as the mask, never the number', () => {
    const literal = '4111111111111111';
    const numbered = { leaks: { literals: [literal] } };
    const text = `{"card": ${literal}, "note": "thanks, that is all for today"}`;
    const builder = createValueBuilder(encodePointer);
    const stream = createJsonStream({}, builder.observer);
    for (const piece of cutAt(text, [12, 30, text.length - 3])) {
      stream.push(piece);
      const view = safeProgressView(builder.current(), progressScanner(numbered));
      if (view) expect(JSON.stringify(view.value)).not.toContain(literal);
    }
    stream.end();
    const view = safeProgressView(builder.current(), progressScanner(numbered))!;
    expect((view.value as { card: unknown }).card).toBe('[REDACTED]');
  });

  it('removes bidi controls and invisibles from strings and names, as the delivered reply does', () => {
    const hidden = /[\u202a-\u202e\u2066-\u2069\ufff9-\ufffb]/;
    const text = JSON.stringify({
      answer: `read \u202egnp.exe and a\ufff9b then ${'x '.repeat(80)}`,
      ['na\u2066me']: 'done, thank you for waiting so long',
    });
    const views = everyView(text, cutAt(text, [20, 60, 130, text.length - 2]));
    expect(views.length).toBeGreaterThan(1);
    for (const view of views) expect(JSON.stringify(view.value)).not.toMatch(hidden);
    const last = views.at(-1)!.value as Record<string, string>;
    expect(last.answer).toContain('read gnp.exe and ab then');
  });
});

describe('reasoning and tool markup are withheld', () => {
  it('never shows a think block, its content, or a tag still being written', () => {
    const answer = fc
      .tuple(
        words,
        chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 12),
        words,
        fc.constantFrom('think', 'reasoning', 'tool_call'),
      )
      .map(([before, plan, after, tag]) => ({
        plan,
        text: JSON.stringify({
          segments: [
            { type: 'text', data: { text: `${before} <${tag}>PLAN ${plan}</${tag}> ${after}` } },
          ],
        }),
      }));
    fc.assert(
      fc.property(answer, cuts, ({ plan, text }, at) => {
        for (const view of everyView(
          text,
          cutAt(
            text,
            at.map((n) => n % text.length).sort((a, b) => a - b),
          ),
        )) {
          const shown = stringsOf(view.value).join(' ');
          expect(shown).not.toContain(plan.slice(0, 6));
          expect(shown).not.toContain('<');
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('holds back a tag start at the end of what was read, however far back the window is', () => {
    const text = `{"segments":[{"type":"text","data":{"text":"${'word '.repeat(60)}and then <tool_c`;
    const [view] = everyView(text, [text]);
    const shown = (view!.value as { segments: { data: { text: string } }[] }).segments[0]!.data
      .text;
    expect(shown).not.toContain('<');
    expect(shown.startsWith('word word')).toBe(true);
    // Withheld from an opened block to the end: nothing after an unclosed <think> shows.
    const open = `{"segments":[{"type":"text","data":{"text":"${'word '.repeat(60)}<think>${'plan '.repeat(60)}`;
    const [after] = everyView(open, [open]);
    expect(stringsOf(after!.value).join('')).not.toContain('plan');
  });

  it('withholds what a closing tag ends when its opener is missing', () => {
    const text = `{"segments":[{"type":"text","data":{"text":"the user wants X</think>Hello there ${'word '.repeat(40)}"}}]}`;
    const views = everyView(text, [text]);
    for (const view of views) expect(stringsOf(view.value).join('')).not.toContain('wants');
  });
});

describe('the hold-back stays bounded and shows what the reply will say', () => {
  it('holds back at most 128 characters, and what it shows of plain text is the text', () => {
    const plain = fc
      .array(
        fc.oneof(
          fc.constantFrom('a', 'reply', 'with', 'plain', 'words', 'and', 'numbers', '42', '\n'),
          chars(ALNUM, 200), // a run too long to hold: shown masked until it ends
        ),
        { minLength: 40, maxLength: 120 },
      )
      .map((list) => list.join(' '));
    fc.assert(
      fc.property(plain, cuts, (body, at) => {
        const text = JSON.stringify({ segments: [{ type: 'markdown', data: { content: body } }] });
        for (const view of everyView(
          text,
          cutAt(
            text,
            at.map((n) => n % text.length).sort((a, b) => a - b),
          ),
        )) {
          expect(view.heldBack).toBeLessThanOrEqual(HOLD_MAX);
          const shown = stringsOf(view.value).join('');
          // Shown text is the reply's own text, with a long undecided run masked at most (or a key
          // the final reply masks: one wrapped by a space, `EAA…` + ` ` + a run, is masked whole).
          const pattern = shown
            .split('[REDACTED]')
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
          const masked = '[^ ]+(?: [^ ]+)*?';
          expect(new RegExp(`^${pattern.join(masked)}`, 'u').test(`markdown${body}`)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
