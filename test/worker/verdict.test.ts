import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Usage } from '../../src/results/replyResult';
import { chatUsage } from '../../src/worker/chat/chatFrames';
import {
  type ReplyguardVerdict,
  createHandler,
  replyguardMetadataExtractor,
  replyguardVerdict,
  verdictFromHeaders,
} from '../../src/worker/index';
import { anthropicUsage } from '../../src/worker/messages/messagesBody';
import { responsesUsage } from '../../src/worker/responses/responsesBody';

const verdict: ReplyguardVerdict = {
  status: 'completed',
  issues: [],
  findings: [],
  usage: { inputTokens: 1, outputTokens: 2 },
  meta: {
    attempts: 1,
    stage: 'model',
    enforcement: 'prompt_only',
    schemaName: 'segment_reply',
    durationMs: 1,
  },
};

describe('replyguardVerdict', () => {
  it('finds the verdict on every answer shape, typed', () => {
    for (const answer of [
      { object: 'chat.completion', replyguard: verdict },
      { type: 'message_delta', replyguard: verdict },
      { type: 'response.completed', response: { replyguard: verdict } },
      { replyguard: verdict }, // AI SDK providerMetadata
    ]) {
      const found = replyguardVerdict(answer);
      expectTypeOf(found).toEqualTypeOf<ReplyguardVerdict | undefined>();
      expect(found).toBe(verdict);
    }
  });

  it('is undefined for answers without one or with something else under the name', () => {
    for (const answer of [
      undefined,
      null,
      'text',
      { object: 'chat.completion' },
      { replyguard: { event: 'attempt', attempt: 1, stage: 'model' } },
      { replyguard: { ...verdict, status: 'fine' } },
      { replyguard: { ...verdict, meta: {} } },
      { response: { replyguard: 1 } },
    ])
      expect(replyguardVerdict(answer)).toBeUndefined();
  });
});

describe('verdictFromHeaders', () => {
  it('reads Headers and plain records (any case), and nothing from headers without a verdict', () => {
    const expected = {
      status: 'validation_failed',
      attempts: 2,
      stage: 'correction',
      issues: ['UNKNOWN_FIELD', 'INVALID_JSON'],
      findings: [],
    };
    expect(
      verdictFromHeaders(
        new Headers({
          'x-replyguard-status': 'validation_failed',
          'x-replyguard-attempts': '2',
          'x-replyguard-stage': 'correction',
          'x-replyguard-issues': 'UNKNOWN_FIELD,INVALID_JSON',
        }),
      ),
    ).toEqual(expected);
    expect(
      verdictFromHeaders({
        'X-Replyguard-Status': 'validation_failed',
        'X-Replyguard-Attempts': '2',
        'X-Replyguard-Stage': 'correction',
        'X-Replyguard-Issues': 'UNKNOWN_FIELD,INVALID_JSON',
      }),
    ).toEqual(expected);
    expect(verdictFromHeaders(new Headers({ 'content-type': 'application/json' }))).toBeUndefined();
    expect(
      verdictFromHeaders({
        'x-replyguard-status': 'completed',
        'x-replyguard-attempts': 'one',
        'x-replyguard-stage': 'model',
      }),
    ).toBeUndefined();
    expect(verdictFromHeaders(undefined)).toBeUndefined();
  });

  it('reads what the Worker sends on a whole answer', async () => {
    const response = await createHandler().fetch(
      new Request('http://127.0.0.1/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'please fence it' }] }),
      }),
    );
    expect(verdictFromHeaders(response.headers)).toEqual({
      status: 'completed',
      attempts: 2,
      stage: 'correction',
      issues: [],
      findings: [],
    });
  });
});

describe('replyguardMetadataExtractor', () => {
  it('returns the verdict as providerMetadata.replyguard, whole and from the chunk that carries it', async () => {
    expect(
      await replyguardMetadataExtractor.extractMetadata({ parsedBody: { replyguard: verdict } }),
    ).toEqual({
      replyguard: verdict,
    });
    expect(
      await replyguardMetadataExtractor.extractMetadata({ parsedBody: { choices: [] } }),
    ).toBeUndefined();
    const stream = replyguardMetadataExtractor.createStreamExtractor();
    stream.processChunk({ choices: [{ delta: { content: 'x' } }] });
    expect(stream.buildMetadata()).toBeUndefined();
    stream.processChunk({ choices: [], replyguard: verdict });
    stream.processChunk({ choices: [], usage: { prompt_tokens: 1 } });
    expect(stream.buildMetadata()).toEqual({ replyguard: verdict });
  });
});

describe('usage on each wire', () => {
  const usage: Usage = { inputTokens: 100, outputTokens: 40, reasoningTokens: 25, estimated: true };

  it('reasoning tokens in each wire’s own field, within the output count', () => {
    expect(chatUsage(usage)).toEqual({
      prompt_tokens: 100,
      completion_tokens: 40,
      total_tokens: 140,
      completion_tokens_details: { reasoning_tokens: 25 },
    });
    expect(responsesUsage(usage)).toEqual({
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 40,
      output_tokens_details: { reasoning_tokens: 25 },
      total_tokens: 140,
    });
    expect(anthropicUsage(usage)).toEqual({
      input_tokens: 100,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 40,
      output_tokens_details: { thinking_tokens: 25 },
    });
  });

  it('no reasoning field where none was counted (Responses always has one: 0)', () => {
    const plain: Usage = { inputTokens: 3, outputTokens: 4 };
    expect(chatUsage(plain)).not.toHaveProperty('completion_tokens_details');
    expect(anthropicUsage(plain)).not.toHaveProperty('output_tokens_details');
    expect(responsesUsage(plain)).toMatchObject({ output_tokens_details: { reasoning_tokens: 0 } });
  });
});
