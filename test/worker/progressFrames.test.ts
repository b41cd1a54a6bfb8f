import { describe, expect, it } from 'vitest';
import type { ModelProvider } from '../../src/index';
import { createHandler } from '../../src/worker/index';
import { sseFrames } from './sseFrames';

const post = (body: unknown) =>
  createHandler({}).fetch(
    new Request('http://127.0.0.1:8787/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
const chat = (content: string, extra: object = {}) => ({
  model: 'scripted',
  messages: [{ role: 'user', content }],
  stream: true,
  replyguard: { progress: true },
  ...extra,
});

describe('progress frames carry the reply read so far', () => {
  it('as segments, provisional, before the validated content', async () => {
    const frames = sseFrames(await (await post(chat('hello there'))).text());
    const shown = frames.chunks.filter((chunk) => chunk.replyguard?.event === 'progress');
    expect(shown.length).toBeGreaterThan(0);
    for (const chunk of shown) {
      expect(chunk.choices).toEqual([]);
      expect(chunk.replyguard).toMatchObject({ attempt: 1, provisional: true });
      expect(Array.isArray(chunk.replyguard.value.segments)).toBe(true);
    }
    const firstContent = frames.chunks.findIndex((chunk) => chunk.choices.length > 0);
    expect(frames.chunks.indexOf(shown[shown.length - 1]!)).toBeLessThan(firstContent);
  });

  it('never with a secret in it', async () => {
    const token = `ghp_${'Dem0'.repeat(9)}`;
    const reply = JSON.stringify({
      segments: [
        {
          type: 'text',
          data: { text: `${'one more word '.repeat(20)}${token} ${'and the rest '.repeat(20)}` },
        },
      ],
    });
    const provider: ModelProvider = {
      name: 'long',
      enforcement: 'prompt_only',
      generate: () => Promise.reject(new Error('streams only')),
      async *stream() {
        for (let at = 0; at < reply.length; at += 7)
          yield { type: 'text', text: reply.slice(at, at + 7) };
      },
    };
    const response = await createHandler({ provider }).fetch(
      new Request('http://127.0.0.1:8787/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(chat('hi')),
      }),
    );
    const body = await response.text();
    const shown = sseFrames(body)
      .chunks.filter((chunk) => chunk.replyguard?.event === 'progress')
      .map((chunk) => JSON.stringify(chunk.replyguard.value));
    // The views went past the token (masked), and no frame ever carried it.
    expect(shown.some((view) => view.includes('[REDACTED] and the rest'))).toBe(true);
    expect(body).not.toContain('Dem0Dem0');
    expect(sseFrames(body).content).toContain('[REDACTED]');
  });

  it('for a client json_schema: the value so far, then the early reject at the broken member', async () => {
    const schema = {
      type: 'object',
      properties: { status: { type: 'string' }, note: { type: 'string' } },
    };
    const body = await (
      await post(
        chat(
          `answer ${JSON.stringify({ note: `a note ${'that goes on and on '.repeat(10)}`, status: 42 })}`,
          {
            response_format: { type: 'json_schema', json_schema: { name: 'answer', schema } },
            replyguard: { progress: true, maxRetries: 0 },
          },
        ),
      )
    ).text();
    const events = sseFrames(body).chunks.map(
      (chunk) => chunk.replyguard?.event ?? chunk.error?.code,
    );
    expect(events).toContain('rejected');
    const frames = sseFrames(body).chunks;
    const rejected = frames.findIndex((chunk) => chunk.replyguard?.event === 'rejected');
    expect(frames[rejected]!.replyguard.issue).toMatchObject({
      code: 'SCHEMA_MISMATCH',
      path: '/status',
    });
    const shown = frames.filter((chunk) => chunk.replyguard?.event === 'progress');
    const last = shown[shown.length - 1]!;
    expect(last.replyguard.value.note).toMatch(/^a note/);
    expect(frames.indexOf(last)).toBeLessThan(rejected);
  });
});
