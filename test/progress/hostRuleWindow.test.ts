import { describe, expect, it } from 'vitest';
import { encodePointer } from '../../src/issues/encodePointer';
import { createJsonStream } from '../../src/json/createJsonStream';
import type { LeakRule } from '../../src/leaks/leakRule';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { createValueBuilder } from '../../src/progress/createValueBuilder';
import { HOLD_WINDOW } from '../../src/progress/holdBack';
import { progressScanner } from '../../src/progress/progressScanner';
import { safeProgressView } from '../../src/progress/safeProgressView';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import { AHEAD, FAR, NEAR, tokRule as hostRule } from '../leaks/hostTokRules';
import { chunks, streaming } from '../reply/scriptedProvider';

// A progress view holds back as far as the rules' lookarounds read: a host rule whose lookahead
// reads past the 96 characters held back for the built-in rules decides a match only later.

const user = [{ role: 'user' as const, content: 'hi' }];
const filler = 'the plan goes on and on '.repeat(6);
const SECRET = 'tok_ab12cd34';

async function run(text: string, rules: readonly LeakRule[] | undefined) {
  const reply = JSON.stringify({ segments: [{ type: 'text', data: { text } }] });
  const { provider } = streaming([chunks(reply, 16)]);
  const events: ReplyEvent[] = [];
  for await (const event of streamReply({
    provider,
    messages: user,
    streamProgress: true,
    ...(rules ? { leaks: { rules } } : {}),
  }))
    events.push(event);
  const views = events.flatMap((event) =>
    event.type === 'progress' ? [JSON.stringify(event.value)] : [],
  );
  const final = events.at(-1)!;
  if (final.type !== 'final') throw new Error('no final result');
  return { views, final: JSON.stringify(final.result.value) };
}

describe('progress views and a host rule that reads far ahead', () => {
  it('an unbounded lookahead: no view shows the secret the final result masks', async () => {
    const text = `token ${SECRET} ${filler}CONFIDENTIAL end`;
    const { views, final } = await run(text, [...LEAK_RULES, AHEAD]);
    expect(final).not.toContain(SECRET);
    expect(final).toContain('CONFIDENTIAL end');
    for (const view of views) expect(view).not.toContain('tok_');
  });

  it('a bounded lookahead past 96: views show the text before the secret, never a piece of it', async () => {
    const text = `${filler}${filler}token ${SECRET} ${filler.slice(0, 120)}CONFIDENTIAL end`;
    const { views, final } = await run(text, [...LEAK_RULES, FAR]);
    expect(final).not.toContain(SECRET);
    expect(views.some((view) => view.includes(filler.trim()))).toBe(true);
    for (const view of views) expect(view).not.toContain('tok_');
  });

  it('every prefix, a character at a time: no view shows a piece of a match still undecided', () => {
    // The lookahead reads 96 (84 + 12): a window of 96 alone would show `tok_ab12cd3` one
    // character before the match is decided.
    const rule = hostRule('edge', /tok_[a-z0-9]{8}(?=[a-z ]{80,84}CONFIDENTIAL)/);
    const scanner = progressScanner({ leaks: { rules: [...LEAK_RULES, rule] } });
    const text = `${filler}token ${SECRET} ${filler.slice(0, 82)}CONFIDENTIAL end`;
    const reply = JSON.stringify({ segments: [{ type: 'text', data: { text } }] });
    const builder = createValueBuilder(encodePointer);
    const stream = createJsonStream({}, builder.observer);
    let shown = 0;
    for (const char of reply) {
      stream.push(char);
      const view = safeProgressView(builder.current(), scanner);
      if (!view) continue;
      shown++;
      expect(JSON.stringify(view.value)).not.toMatch(/tok_|ab12/);
    }
    expect(shown).toBeGreaterThan(0);
  });

  it('a host rule whose lookaround reads no further than the built-in ones keeps the views', async () => {
    expect(progressScanner({}).window).toBe(HOLD_WINDOW);
    expect(progressScanner({ leaks: { rules: [...LEAK_RULES, NEAR] } }).window).toBe(HOLD_WINDOW);
    // A rule without lookarounds keeps the views, even one patternReach cannot read whole.
    const letters = hostRule('letters', new RegExp('tok_\\p{L}{8}', 'v'));
    expect(progressScanner({ leaks: { rules: [letters] } }).window).toBe(HOLD_WINDOW);
    // The keyword is there, the lookahead fails: nothing to mask, and the same views as without it.
    const text = `${filler}token ${SECRET} is public ${filler}`;
    const near = await run(text, [...LEAK_RULES, NEAR]);
    const builtIn = await run(text, undefined);
    expect(near.views.length).toBeGreaterThan(2);
    expect(near.views).toEqual(builtIn.views);
    expect(near.final).toContain(SECRET);
  });
});
