import type { AgentOSResponse } from '@framers/agentos';
import type { GuardrailOutputPayload } from '@framers/agentos/safety/guardrails';
import { describe, expect, it } from 'vitest';
import { replyguardGuardrail, type ReplyguardGuardrailOptions } from '../../src/agentos/index';
import { options } from './agentosRuntime';
import { GOOD, NOTICE, TOKEN } from './replies';

// The guardrail called as AgentOS's dispatcher calls it, on chunks AgentOS could not make through
// its run loop (a BigInt, a getter that throws, a frozen chunk), and on the object another client
// of the stream holds when the reply is blocked or its check throws.

const context = { userId: 'user-1', sessionId: 'session-1' };
const own = {
  streamId: 'conversation-1',
  gmiInstanceId: 'gmi-1',
  personaId: 'chat',
  isFinal: true,
  timestamp: new Date(0).toISOString(),
};

async function evaluate(chunk: object, guard: ReplyguardGuardrailOptions = options) {
  const payload = { context, chunk: chunk as AgentOSResponse } as GuardrailOutputPayload;
  return replyguardGuardrail(guard).evaluateOutput!(payload);
}

/** A final response carrying the model's data beside its reply, as AgentOS builds it. */
const finalResponse = (reply: string) => ({
  type: 'final_response',
  ...own,
  finalResponseText: reply,
  finalToolCalls: [{ id: 'call-1', name: 'lookup', arguments: { query: TOKEN } }],
  reasoningTrace: [{ thought: `use ${TOKEN}` }],
  error: { message: `failed with ${TOKEN}` },
  updatedConversationContext: {
    messages: [
      { role: 'assistant', content: `earlier: ${TOKEN}` },
      { role: 'assistant', content: reply },
    ],
  },
});

/** The final response's masked fields, as every outcome writes them. */
function expectMasked(chunk: ReturnType<typeof finalResponse>) {
  expect(chunk.finalToolCalls).toEqual([
    { id: 'call-1', name: 'lookup', arguments: { query: '[REDACTED]' } },
  ]);
  expect(chunk.reasoningTrace).toEqual([{ thought: 'use [REDACTED]' }]);
  expect(chunk.error.message).toBe('failed with [REDACTED]');
  expect(chunk.updatedConversationContext.messages[0]!.content).toBe('earlier: [REDACTED]');
}

describe('replyguardGuardrail on chunks of any shape', () => {
  it('a final system message with a BigInt in its metadata: every other field masked whole, never shortened', async () => {
    const message = `${'step '.repeat(100)}key ${TOKEN}`;
    const details = { a: { b: { c: { d: { e: `deep ${TOKEN}` } } } } };
    const chunk = {
      type: 'system_progress',
      ...own,
      message,
      statusCode: `INDEXED ${TOKEN}`,
      details,
      metadata: { count: 10n, note: `from ${TOKEN}` },
    };
    expect(await evaluate(chunk)).toBeNull();
    expect(chunk.message).toBe(`${'step '.repeat(100)}key [REDACTED]`);
    expect(chunk.statusCode).toBe('INDEXED [REDACTED]');
    expect(chunk.details).toEqual({ a: { b: { c: { d: { e: 'deep [REDACTED]' } } } } });
    // The field JSON cannot write is quoted as an error is (masked, its BigInt kept).
    expect(chunk.metadata).toEqual({ count: 10n, note: 'from [REDACTED]' });
    expect(details.a.b.c.d.e).toContain(TOKEN);
  });

  it('a field that throws when read is read as nothing: the chunk is masked, never thrown', async () => {
    const system = {
      type: 'system_progress',
      ...own,
      message: `indexed ${TOKEN}`,
      get metadata(): never {
        throw new Error(`boom ${TOKEN}`);
      },
    };
    expect(await evaluate(system)).toBeNull();
    expect(system.message).toBe('indexed [REDACTED]');
    expect(() => system.metadata).toThrow('boom');
    const final = {
      ...finalResponse(GOOD),
      get finalUiCommands(): never {
        throw new Error('boom');
      },
    };
    expect(await evaluate(final)).toMatchObject({ action: 'sanitize' });
    expectMasked(final);
  });

  it('a final response whose reply or conversation throws when read: blocked, its masks still written', async () => {
    const reply = {
      ...finalResponse(GOOD),
      get finalResponseText(): never {
        throw new Error(`boom ${TOKEN}`);
      },
    };
    const blocked = await evaluate(reply);
    expect(blocked).toMatchObject({ action: 'block', reasonCode: 'REPLYGUARD_ERROR' });
    expect(JSON.stringify(blocked)).not.toContain('boom');
    expectMasked(reply);
    const { updatedConversationContext, ...rest } = finalResponse(GOOD);
    const conversation = {
      ...rest,
      get updatedConversationContext(): typeof updatedConversationContext {
        throw new Error('boom');
      },
    };
    expect(await evaluate(conversation)).toMatchObject({
      action: 'block',
      reasonCode: 'REPLYGUARD_ERROR',
    });
    expect(conversation.finalToolCalls).toEqual([
      { id: 'call-1', name: 'lookup', arguments: { query: '[REDACTED]' } },
    ]);
    expect(conversation.reasoningTrace).toEqual([{ thought: 'use [REDACTED]' }]);
    expect(conversation.error.message).toBe('failed with [REDACTED]');
  });

  it('a chunk type named like an object member is a type like any other', async () => {
    for (const type of ['constructor', 'toString', '__proto__'])
      expect(await evaluate({ type, ...own, message: TOKEN })).toBeNull();
    // A type written as a String object reads as its text, as AgentOS's own comparisons would not.
    const boxed = { type: new String('system_progress'), ...own, message: `key ${TOKEN}` };
    expect(await evaluate(boxed)).toBeNull();
    expect(boxed.message).toBe('key [REDACTED]');
  });

  it('a chunk that cannot be written (frozen) is blocked, never thrown', async () => {
    const chunk = Object.freeze(finalResponse(GOOD));
    expect(await evaluate(chunk)).toMatchObject({
      action: 'block',
      reasonCode: 'REPLYGUARD_ERROR',
    });
    const ui = Object.freeze({ type: 'ui_command', ...own, uiCommands: [{ text: TOKEN }] });
    expect(await evaluate(ui)).toMatchObject({ action: 'block', reasonCode: 'REPLYGUARD_ERROR' });
  });

  it('blocked, or a check that throws: the masks are still written on the shared chunk, in one step', async () => {
    const seen: string[] = [];
    let chunk = finalResponse('');
    const recording = (allowed: string[] | undefined) => ({
      get allowed() {
        seen.push(JSON.stringify(chunk));
        if (!allowed) throw new Error(`boom ${TOKEN}`);
        return allowed;
      },
    });
    // A mention outside the allowed ones: refused, and blocked under onRefused 'block'.
    chunk = finalResponse(GOOD);
    const atPush = JSON.stringify(chunk);
    const blocked = await evaluate(chunk, {
      ...options,
      mentions: recording(['u2']),
      onRefused: 'block',
    });
    expect(blocked).toMatchObject({ action: 'block', reasonCode: 'REPLYGUARD_REFUSED' });
    expectMasked(chunk);
    // Blocked, the conversation's copy of the reply is the notice, as a sanitized refusal's.
    expect(JSON.parse(chunk.updatedConversationContext.messages[1]!.content)).toEqual(NOTICE);
    expect(seen.length).toBeGreaterThan(0);
    for (const during of seen) expect(during).toBe(atPush);
    seen.length = 0;
    chunk = finalResponse(GOOD);
    const thrownAtPush = JSON.stringify(chunk);
    const thrown = await evaluate(chunk, { ...options, mentions: recording(undefined) });
    expect(thrown).toMatchObject({ action: 'block', reasonCode: 'REPLYGUARD_ERROR' });
    expect(JSON.stringify(thrown)).not.toContain('boom');
    expectMasked(chunk);
    expect(JSON.parse(chunk.updatedConversationContext.messages[1]!.content)).toEqual(NOTICE);
    expect(seen.length).toBeGreaterThan(0);
    for (const during of seen) expect(during).toBe(thrownAtPush);
  });

  it('an error chunk with a field that throws when read: the other field masked all the same, both written in one step', async () => {
    // On the previous code a message that threw left the details unmasked (the guardrail threw
    // before it wrote them), and a details field that threw came after the message was written.
    const details = { stack: `at call (${TOKEN})` };
    const throwingMessage = {
      type: 'error',
      ...own,
      get message(): string {
        throw new Error('boom');
      },
      details,
    };
    expect(await evaluate(throwingMessage)).toBeNull();
    expect(throwingMessage.details).toEqual({ stack: 'at call ([REDACTED])' });
    expect(details.stack).toContain(TOKEN); // a copy: the error is left as it is
    const writes: string[] = [];
    const throwingDetails = {
      type: 'error',
      ...own,
      set message(text: string) {
        writes.push(text);
      },
      get message(): string {
        return `failed with ${TOKEN}`;
      },
      get details(): unknown {
        throw new Error('boom');
      },
    };
    expect(await evaluate(throwingDetails)).toBeNull();
    expect(writes).toEqual(['failed with [REDACTED]']);
  });

  it('an error chunk whose message is an Error or an object: masked as its details are', async () => {
    // On the previous code only a message that was text was masked.
    const errorMessage = { type: 'error', ...own, message: new Error(`failed with ${TOKEN}`) };
    expect(await evaluate(errorMessage)).toBeNull();
    expect(errorMessage.message.message).toBe('failed with [REDACTED]');
    expect(errorMessage.message.stack).not.toContain(TOKEN);
    const objectMessage = { type: 'error', ...own, message: { text: `key ${TOKEN}` } };
    expect(await evaluate(objectMessage)).toBeNull();
    expect(objectMessage.message).toEqual({ text: 'key [REDACTED]' });
  });

  it('a field that cannot be written leaves no other unwritten: the rest masked, the chunk blocked', async () => {
    // On the previous code one Object.assign stopped at the read-only field before the others.
    const error = { type: 'error', ...own, details: `at call (${TOKEN})` };
    Object.defineProperty(error, 'message', { value: 'plain', writable: false, enumerable: true });
    expect(await evaluate(error)).toMatchObject({
      action: 'block',
      reasonCode: 'REPLYGUARD_ERROR',
    });
    expect(error.details).toBe('at call ([REDACTED])');
    const final = finalResponse(GOOD);
    Object.defineProperty(final, 'finalToolCalls', {
      value: final.finalToolCalls,
      writable: false,
    });
    expect(await evaluate(final)).toMatchObject({
      action: 'block',
      reasonCode: 'REPLYGUARD_ERROR',
    });
    expect(final.reasoningTrace).toEqual([{ thought: 'use [REDACTED]' }]);
    expect(final.updatedConversationContext.messages[0]!.content).toBe('earlier: [REDACTED]');
  });
});
