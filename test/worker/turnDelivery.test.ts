import { describe, expect, it } from 'vitest';
import type { ReplyResult } from '../../src/results/replyResult';
import { turnDelivery } from '../../src/worker/turn/turnDelivery';

const exits = { leaks: {}, toolCalls: 'mask' } as const;
const meta = {
  attempts: 1,
  stage: 'model',
  enforcement: 'prompt_only',
  schemaName: 'segment_reply',
  durationMs: 1,
} as const;
const failed = (code: string): ReplyResult<unknown> => ({
  status: 'error',
  issues: [{ code: code as never, path: '', message: `${code} happened` }],
  findings: [],
  usage: { inputTokens: 0, outputTokens: 0 },
  meta,
});

describe('turnDelivery maps a failed turn to an HTTP status', () => {
  it.each([
    ['MODEL_FAILED', 502, 'UPSTREAM_FAILED'],
    ['TIMEOUT', 504, 'UPSTREAM_TIMEOUT'],
    ['SCHEMA_MALFORMED', 400, 'SCHEMA_MALFORMED'],
    ['INTERNAL', 500, 'INTERNAL'],
  ])('%s is %i %s', (issue, status, code) => {
    expect(turnDelivery(failed(issue), exits)).toMatchObject({ kind: 'error', status, code });
  });
});

describe('turnDelivery on a custom schema that ends without a reply', () => {
  const ended = (code: string, message: string): ReplyResult<unknown> => ({
    status: 'validation_failed',
    issues: [{ code: code as never, path: '', message }],
    findings: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    meta: { ...meta, schemaName: 'invoice' },
  });

  it('names a refusal or a cut answer with its own code and message', () => {
    for (const code of ['REFUSED', 'TRUNCATED']) {
      const message = `${code.toLowerCase()} for a reason`;
      expect(turnDelivery(ended(code, message), exits)).toMatchObject({
        kind: 'error',
        status: 422,
        code,
        message,
        details: { schemaName: 'invoice', attempts: 1 },
      });
    }
  });

  it('calls any other failure VALIDATION_FAILED, naming the schema', () => {
    expect(turnDelivery(ended('TYPE_MISMATCH', 'expected a number'), exits)).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'no reply matched the schema "invoice" after 1 attempt(s)',
    });
  });
});
