import { describe, expect, it } from 'vitest';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { maskOutbound } from '../../src/reply/maskOutbound';
import { scanText } from '../../src/leaks/scanText';
import { MAX_RATIO, fill, growthRatio } from './complexity';
import { ADVERSARIAL, RULES, TOKEN } from './nearMatches';

// Every normaliser on 1 MB of what makes it work hardest: each adversarial unit repeated makes
// every position a point to normalise, a line to join or a run to decode, near a keyword.
// Shares the two cores with other test files: a retry absorbs a stall; a quadratic normaliser fails every try.
describe('every normaliser runs in linear time on 1 MB of adversarial input', { retry: 2 }, () => {
  it.each(Object.entries(ADVERSARIAL))('%s', (_name, units) => {
    for (const unit of units) {
      const ratio = growthRatio(
        (text) => scanText(text, RULES),
        (size) => fill(unit, size),
      );
      expect(ratio, `${JSON.stringify(unit)}`).toBeLessThan(MAX_RATIO);
    }
  });

  it('one long base64 run that decodes to text, and to text with secrets', () => {
    for (const make of [
      (size: number) => btoa(fill('key=value ', Math.floor((size * 3) / 4))),
      (size: number) => btoa(fill(`${TOKEN} `, Math.floor((size * 3) / 4))),
    ]) {
      expect(growthRatio((text) => scanText(text, RULES), make)).toBeLessThan(MAX_RATIO);
    }
  });

  it('the reply stream: many tiny segments, every seam joinable', () => {
    const reply = (size: number) => ({
      segments: Array.from({ length: size >> 4 }, (_, k) => ({
        type: k % 2 ? 'text' : 'markdown',
        data: k % 2 ? { text: 'aB3dE5gH' } : { content: 'kL7mN9' },
      })),
    });
    const replies = new Map<number, ReturnType<typeof reply>>();
    const ratio = growthRatio(
      (key) => maskLeaks(replies.get(key.length)!),
      (size) => {
        replies.set(size, reply(size));
        return 'x'.repeat(size);
      },
    );
    expect(ratio).toBeLessThan(MAX_RATIO);
  });

  it('mentions between texts, member names and numbers: every place the reader sees', () => {
    const values = new Map<number, unknown>();
    const segmentReply = (size: number) => ({
      segments: Array.from({ length: size >> 4 }, (_, k) =>
        k % 2
          ? { type: 'mention', data: { target: 'AKIA1234' } }
          : { type: 'text', data: { text: '\u202eaB3dE5gH' } },
      ),
    });
    const customValue = (size: number) =>
      Object.fromEntries(
        Array.from({ length: size >> 4 }, (_, k) => [`ghp_${k}\u200eaB3d`, k * 834291]),
      );
    for (const make of [segmentReply, customValue]) {
      const ratio = growthRatio(
        (key) => maskOutbound(values.get(key.length), { leaks: { literals: ['834291'] } }),
        (size) => {
          values.set(size, make(size));
          return 'x'.repeat(size);
        },
      );
      expect(ratio).toBeLessThan(MAX_RATIO);
    }
  });
});

it('would catch a quadratic normaliser (negative control)', () => {
  // Removing invisible characters one at a time, each removal copying the rest unit by unit
  // (written out, so no engine shortcut such as rope strings makes it cheaper than it reads).
  const quadratic = (text: string) => {
    let units = Array.from(text, (char) => char.charCodeAt(0));
    for (let at = units.indexOf(0x200b); at !== -1; at = units.indexOf(0x200b, at)) {
      const rest = new Array<number>(units.length - 1);
      for (let i = 0; i < at; i++) rest[i] = units[i]!;
      for (let i = at + 1; i < units.length; i++) rest[i - 1] = units[i]!;
      units = rest;
    }
    return String.fromCharCode(...units.slice(0, 1000));
  };
  expect(growthRatio(quadratic, (size) => fill('ab\u200b', size), 2048)).toBeGreaterThan(MAX_RATIO);
});
