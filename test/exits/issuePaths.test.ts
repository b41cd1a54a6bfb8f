import { describe, expect, it } from 'vitest';
import type { ModelProvider } from '../../src/providers/modelProvider';
import { checkReply } from '../../src/reply/checkReply';
import { enforceReply } from '../../src/reply/enforceReply';
import type { ReplyEvent } from '../../src/reply/replyEvent';
import { streamReply } from '../../src/reply/streamReply';
import type { AttemptRecord } from '../../src/results/replyResult';
import { random } from '../leaks/ruleSamples';

// Issue 26, item 4: a member name that is content — masked, refused (markup, blanks, quotes) or
// long — never leaves verbatim in a pointer: `issues[].path`, `meta.history`, `onAttempt`, a
// `rejected` event. Issue 27's pin: the attempt history and `onAttempt` are redacted (a token used
// as a duplicate key reached both).
const passphrase = `correct-horse-${random(10)}`;
const think = `<think>the admin passphrase is ${passphrase}</think>`;
const aws = `AKIA${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;

/** A model that answers these texts in turn (the last one again), streamed in small pieces. */
function answering(...texts: string[]): ModelProvider {
  let call = 0;
  const next = () => texts[Math.min(call++, texts.length - 1)]!;
  return {
    name: 'fixed',
    enforcement: 'prompt_only',
    generate: async () => ({ text: next() }),
    async *stream() {
      const text = next();
      for (let at = 0; at < text.length; at += 5)
        yield { type: 'text', text: text.slice(at, at + 5) };
    },
  };
}

const withName = (name: string) =>
  `{"segments":[{"type":"text","data":{"text":"ok",${JSON.stringify(name)}:1}}]}`;

describe('a pointer shows no member name that is content', () => {
  it.each([
    ['reasoning markup', think],
    ['a sentence', 'the admin passphrase is hunter2'],
    ['a long name', `a_member_name_that_goes_on_and_on_${random(12)}`],
    ['a quote', `say "${random(6)}"`],
    ['an invisible character', `na\u200bme`],
  ])('%s is masked whole in checkReply issues', async (_label, name) => {
    const result = await checkReply(withName(name));
    expect(result.status).toBe('validation_failed');
    expect(result.issues[0]).toMatchObject({
      code: 'UNKNOWN_FIELD',
      path: '/segments/0/data/[REDACTED]',
    });
  });

  it('a short plain name stays (the pointer still says where)', async () => {
    const result = await checkReply(withName('colour'));
    expect(result.issues[0]).toMatchObject({
      code: 'UNKNOWN_FIELD',
      path: '/segments/0/data/colour',
    });
  });

  it('a name holding a secret is masked whole, not in part', async () => {
    const result = await checkReply(withName(`key=${aws}`));
    expect(result.issues[0]!.path).toBe('/segments/0/data/[REDACTED]');
    expect(JSON.stringify(result)).not.toContain(aws.slice(0, 8));
  });

  it('none reaches the result, the history, onAttempt or a rejected event, whole or streamed', async () => {
    for (const streamed of [false, true]) {
      const provider = answering(withName(think), withName(think), withName(think));
      const records: AttemptRecord[] = [];
      const events: ReplyEvent[] = [];
      for await (const event of streamReply({
        provider: streamed ? provider : { ...provider, stream: undefined },
        messages: [{ role: 'user', content: 'hi' }],
        onAttempt: (record) => records.push(record),
      }))
        events.push(event);
      const final = events.at(-1)!;
      expect(final.type).toBe('final');
      expect(events.some((event) => event.type === 'rejected')).toBe(streamed);
      expect(records.length).toBe(2);
      const out = JSON.stringify([events, records]);
      expect(out).not.toContain('passphrase');
      expect(out).not.toContain(passphrase.slice(0, 8));
      expect(out).toContain('/segments/0/data/[REDACTED]');
    }
  });
});

describe('the attempt history and onAttempt are redacted (issue 27 pin)', () => {
  it('a token used as a duplicate key reaches neither', async () => {
    const duplicate = `{"${aws}":1,"${aws}":2}`;
    const records: AttemptRecord[] = [];
    const result = await enforceReply({
      // Called whole: a streamed answer's early reject is redacted where it is made (runAttempt).
      provider: { ...answering(duplicate, '{"a":1}'), stream: undefined },
      schema: { type: 'object' },
      messages: [{ role: 'user', content: 'hi' }],
      onAttempt: (record) => records.push(record),
    });
    expect(result.status).toBe('completed');
    expect(result.meta.history![0]!.issues[0]).toMatchObject({
      code: 'DUPLICATE_KEY',
      path: '/[REDACTED]',
    });
    expect(records[0]!.issues[0]).toMatchObject({ code: 'DUPLICATE_KEY', path: '/[REDACTED]' });
    // The key is short and plain: only the leak scanner can hide it, so this pins the redaction.
    expect(aws.length).toBeLessThanOrEqual(32);
    expect(JSON.stringify([result, records])).not.toContain(aws.slice(0, 8));
  });
});
