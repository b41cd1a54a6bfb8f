import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ChatRequestSchema } from '../../src/worker/chat/chatRequest';
import { CheckRequestSchema } from '../../src/worker/check/checkRequest';
import type { ChatReplyguardOptions, CheckRequestBody } from '../../src/worker/index';

type DeepMutable<T> = T extends readonly (infer U)[]
  ? DeepMutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
type ReplyguardInput = NonNullable<v.InferInput<typeof ChatRequestSchema>['replyguard']>;

describe('the wire types clients get', () => {
  it('describe exactly what the endpoints accept', () => {
    expectTypeOf<DeepMutable<CheckRequestBody>>().toEqualTypeOf<
      DeepMutable<v.InferInput<typeof CheckRequestSchema>>
    >();
    expectTypeOf<DeepMutable<ChatReplyguardOptions>>().toEqualTypeOf<
      DeepMutable<ReplyguardInput>
    >();
  });

  it('a typed body passes the endpoint’s own check', () => {
    const body: CheckRequestBody = {
      reply: '{}',
      schemaRef: 'invoice',
      leaks: { literals: ['x'] },
      hostPaths: { roots: [{ root: '/a', replacement: '<a>' }] },
    };
    expect(v.safeParse(CheckRequestSchema, body).success).toBe(true);
    const options: ChatReplyguardOptions = {
      mentions: { allowed: ['1'] },
      progress: true,
      maxRetries: 1,
      onExhausted: 'return_invalid',
    };
    expect(
      v.safeParse(ChatRequestSchema, {
        messages: [{ role: 'user', content: 'hi' }],
        replyguard: options,
      }).success,
    ).toBe(true);
  });
});
