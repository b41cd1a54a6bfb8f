import { wrapOutputGuardrails, type AgentOSResponse } from '@framers/agentos';
import type { GuardrailOutputPayload } from '@framers/agentos/safety/guardrails';
import { describe, expect, it } from 'vitest';
import { replyguardGuardrail, type ReplyguardGuardrailOptions } from '../../src/agentos/index';
import {
  AgentOSResponseChunkType,
  GMIOutputChunkType,
  agentosWith,
  options,
  pieces,
  readChunks,
  requestChunks,
  run,
  started,
  streamedTurn,
  useAgentosSuite,
} from './agentosRuntime';
import { FENCED, GOOD, GOOD_VALUE, LEAKY, MASKED_VALUE, NOTICE, TOKEN } from './replies';

// The guardrail runs in AgentOS's own request path: AgentOS.initialize with it as the guardrail
// service, processRequest over a scripted GMI, AgentOS's dispatcher deciding what reaches the host.
useAgentosSuite();

describe('replyguardGuardrail in AgentOS.processRequest', () => {
  it('withholds every streamed delta and delivers the checked reply on FINAL_RESPONSE', async () => {
    const { final, deltas } = await run(streamedTurn(GOOD));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((delta) => delta === '')).toBe(true);
    expect(JSON.parse(final!.finalResponseText!)).toEqual(GOOD_VALUE);
    expect(final!.metadata?.guardrail?.output?.[0]).toMatchObject({
      action: 'sanitize',
      reasonCode: 'REPLYGUARD_CHECKED',
    });
  });

  it('masks: nothing the host receives holds the secret, the conversation copy included', async () => {
    const { chunks, final, conversation } = await run(streamedTurn(LEAKY));
    expect(JSON.parse(final!.finalResponseText!)).toEqual(MASKED_VALUE);
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
    const messages = (
      final!.updatedConversationContext as unknown as { messages: { content: string }[] }
    ).messages;
    expect(JSON.parse(messages.at(-1)!.content)).toEqual(MASKED_VALUE);
    // AgentOS's own conversation (the model's memory) is left as AgentOS keeps it.
    expect(JSON.stringify(conversation.toJSON())).toContain(TOKEN);
  });

  it('sanitizes a refused reply to the failure notice, the issues in the metadata', async () => {
    const { chunks, final } = await run(streamedTurn('```json\n' + LEAKY + '\n```'));
    expect(JSON.parse(final!.finalResponseText!)).toEqual(NOTICE);
    const evaluation = final!.metadata?.guardrail?.output?.[0];
    expect(evaluation).toMatchObject({ action: 'sanitize', reasonCode: 'REPLYGUARD_REFUSED' });
    expect(evaluation.metadata.issues[0].code).toBe('CODE_FENCE');
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
  });

  it('onRefused block: AgentOS ends the stream with its error chunk, the verdict in its details', async () => {
    const reply = GOOD.replace('"u1"', '"u9"');
    const { chunks, final, error } = await run(streamedTurn(reply), {
      ...options,
      onRefused: 'block',
    });
    expect(final).toBeUndefined();
    expect(error?.code).toBe('REPLYGUARD_REFUSED');
    expect(error?.message).toContain('MENTION_NOT_ALLOWED');
    expect(error?.details.metadata.notice).toEqual(NOTICE);
    expect(JSON.stringify(chunks)).not.toContain('"u9"');
  });

  it('streamDeltas: the host opted in, so deltas pass as written; the final reply is still checked', async () => {
    const { deltas, final } = await run(streamedTurn(FENCED), { ...options, streamDeltas: true });
    expect(deltas.join('')).toBe(FENCED);
    expect(JSON.parse(final!.finalResponseText!)).toEqual(NOTICE);
  });

  it('a final response without text delivers the notice', async () => {
    const { final } = await run({ reply: undefined });
    expect(JSON.parse(final!.finalResponseText!)).toEqual(NOTICE);
  });

  it('a model that fails mid-answer: what it streamed is never released, no final response', async () => {
    const { chunks, final, deltas, error } = await run({
      deltas: pieces(LEAKY),
      failure: 'upstream went away',
    });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((delta) => delta === '')).toBe(true);
    expect(final).toBeUndefined();
    expect(error).toBeDefined();
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
  });

  it('a model that fails with a secret: AgentOS’s error chunk carries it masked', async () => {
    const key = 'host-key-0123456789abcdef';
    const { error } = await run(
      { deltas: pieces(GOOD), failure: `upstream failed ${TOKEN} for ${key}` },
      { ...options, leaks: { literals: [key] } },
    );
    expect(error).toBeDefined();
    expect(error!.message).toContain('upstream failed [REDACTED] for [REDACTED]');
    const details = error!.details as { underlyingError?: { message?: string; stack?: string } };
    expect(details.underlyingError?.message).toBe('upstream failed [REDACTED] for [REDACTED]');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(key);
  });

  it('the final response’s tool calls, UI commands, reasoning trace and error leave masked', async () => {
    const key = 'host-key-0123456789abcdef';
    const call = { id: 'call-1', name: 'lookup', arguments: { query: `find ${TOKEN}` } };
    const long = 'Long notes here. '.repeat(300);
    const deep = { a: { b: { c: { d: 'kept' } } } };
    const command = { commandId: 'show', payload: { text: `token ${TOKEN}`, long, deep } };
    const step = {
      timestamp: new Date(0),
      type: 'tool_call',
      message: `called lookup with ${key}`,
      details: { arguments: { query: TOKEN } },
    };
    const output = {
      toolCalls: [call],
      uiCommands: [command],
      reasoningTrace: [step],
      error: { code: 'PARTIAL', message: `lookup said ${TOKEN}`, details: { key } },
    };
    const { chunks, final } = await run(
      { ...streamedTurn(GOOD), output },
      { ...options, leaks: { literals: [key] } },
    );
    expect(JSON.parse(final!.finalResponseText!)).toEqual(GOOD_VALUE);
    expect(final!.finalToolCalls).toEqual([
      { id: 'call-1', name: 'lookup', arguments: { query: 'find [REDACTED]' } },
    ]);
    // Data is masked, never shortened or cut at a depth (an error's quote is).
    expect(final!.finalUiCommands).toEqual([
      { commandId: 'show', payload: { text: 'token [REDACTED]', long, deep } },
    ]);
    // As JSON writes it: the copy of a Date is its ISO text.
    expect(final!.reasoningTrace).toEqual([
      {
        ...step,
        timestamp: step.timestamp.toISOString(),
        message: 'called lookup with [REDACTED]',
        details: { arguments: { query: '[REDACTED]' } },
      },
    ]);
    expect(final!.error).toEqual({
      code: 'PARTIAL',
      message: 'lookup said [REDACTED]',
      details: { key: '[REDACTED]' },
    });
    const sent = JSON.stringify(chunks);
    expect(sent).not.toContain(TOKEN);
    expect(sent).not.toContain(key);
    // The GMI's own objects are left as they are: copies leave.
    expect(call.arguments.query).toContain(TOKEN);
    expect(step.message).toContain(key);
  });

  it('leaks: false scans no reply, yet the final response’s tool data leaves masked', async () => {
    const command = { commandId: 'show', payload: { text: `token ${TOKEN}` } };
    const { chunks, final } = await run(
      { ...streamedTurn(GOOD), output: { uiCommands: [command] } },
      { ...options, leaks: false },
    );
    expect(final!.finalUiCommands).toEqual([
      { commandId: 'show', payload: { text: 'token [REDACTED]' } },
    ]);
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
  });

  it('the conversation the final response carries: earlier replies, tool calls and tool results masked', async () => {
    const history = [
      { role: 'user', content: 'what is the key?' },
      { role: 'assistant', content: `earlier: ${TOKEN}` },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call-0',
            type: 'function',
            function: { name: 'vault', arguments: `{"k":"${TOKEN}"}` },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call-0', name: 'vault', content: `vault says ${TOKEN}` },
    ];
    const { chunks, final, conversation } = await run({ ...streamedTurn(GOOD), history });
    const messages = (
      final!.updatedConversationContext as unknown as {
        messages: { role: string; content: string | null }[];
      }
    ).messages;
    expect(messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'tool',
      'user',
      'assistant',
    ]);
    expect(messages[0]!.content).toBe('what is the key?');
    expect(messages[1]!.content).toBe('earlier: [REDACTED]');
    expect(messages[3]!.content).toBe('vault says [REDACTED]');
    expect(JSON.parse(messages.at(-1)!.content!)).toEqual(GOOD_VALUE);
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
    // AgentOS's own conversation is left as AgentOS keeps it.
    expect(JSON.stringify(conversation.toJSON())).toContain(TOKEN);
  });

  it('a final system message or UI command from the GMI leaves masked', async () => {
    const progress = await run({
      deltas: pieces(GOOD),
      chunks: [
        {
          type: GMIOutputChunkType.SYSTEM_MESSAGE,
          content: { message: `indexed ${TOKEN}`, progressPercentage: 100 },
          isFinal: true,
        },
      ],
      reply: GOOD,
    });
    const system = progress.chunks.find(
      (chunk) => chunk.type === AgentOSResponseChunkType.SYSTEM_PROGRESS && chunk.isFinal,
    );
    expect(system).toMatchObject({ message: 'indexed [REDACTED]', progressPercentage: 100 });
    expect(JSON.stringify(progress.chunks)).not.toContain(TOKEN);
    const command = { commandId: 'show', payload: { text: `token ${TOKEN}` } };
    const ui = await run({
      deltas: pieces(GOOD),
      chunks: [{ type: GMIOutputChunkType.UI_COMMAND, content: [command], isFinal: true }],
      reply: GOOD,
    });
    const commands = ui.chunks.find((chunk) => chunk.type === AgentOSResponseChunkType.UI_COMMAND);
    expect(commands).toMatchObject({
      uiCommands: [{ commandId: 'show', payload: { text: 'token [REDACTED]' } }],
    });
    expect(JSON.stringify(ui.chunks)).not.toContain(TOKEN);
    expect(command.payload.text).toContain(TOKEN);
  });

  it('a final system message leaves masked whole: every field the GMI spreads into it, as one value', async () => {
    // AgentOS builds the chunk from the GMI's content: its message, percentage and status code,
    // and its metadata as the chunk's.
    const content = {
      message: 'indexing done',
      progressPercentage: 100,
      statusCode: `INDEXED ${TOKEN}`,
      metadata: { source: { note: `from ${TOKEN}` } },
    };
    const { chunks } = await run({
      deltas: pieces(GOOD),
      chunks: [{ type: GMIOutputChunkType.SYSTEM_MESSAGE, content, isFinal: true }],
      reply: GOOD,
    });
    const system = chunks.find(
      (chunk) => chunk.type === AgentOSResponseChunkType.SYSTEM_PROGRESS && chunk.isFinal,
    );
    expect(system).toMatchObject({
      message: 'indexing done',
      progressPercentage: 100,
      statusCode: 'INDEXED [REDACTED]',
      metadata: { source: { note: 'from [REDACTED]' } },
      gmiInstanceId: 'gmi-1',
      personaId: 'chat',
    });
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
    expect(content.metadata.source.note).toContain(TOKEN);
    // One value, as the GMI wrote it: a key split between its message and its status is found.
    const split = { message: `key ${TOKEN.slice(0, 20)}`, statusCode: TOKEN.slice(20) };
    const cut = await run({
      deltas: pieces(GOOD),
      chunks: [{ type: GMIOutputChunkType.SYSTEM_MESSAGE, content: split, isFinal: true }],
      reply: GOOD,
    });
    const cutSystem = cut.chunks.find(
      (chunk) => chunk.type === AgentOSResponseChunkType.SYSTEM_PROGRESS && chunk.isFinal,
    );
    expect(cutSystem).toMatchObject({ message: 'key [REDACTED]', statusCode: '[REDACTED]' });
  });

  it('a final agency update leaves masked: its seats’ outputs, through AgentOS’s dispatcher', async () => {
    // AgentOS's workflow runtime marks an agency's update final once every seat is done.
    const seat = {
      roleId: 'researcher',
      gmiInstanceId: 'gmi-2',
      personaId: 'researcher',
      metadata: { status: 'completed', lastOutputPreview: `found ${TOKEN}` },
    };
    const update = {
      type: AgentOSResponseChunkType.AGENCY_UPDATE,
      streamId: 'conversation-1',
      gmiInstanceId: 'agency:a1',
      personaId: 'agency:a1',
      isFinal: true,
      timestamp: new Date(0).toISOString(),
      agency: { agencyId: 'a1', workflowId: 'w1', seats: [seat] },
    } as AgentOSResponse;
    async function* stream() {
      yield update;
    }
    const delivered: AgentOSResponse[] = [];
    for await (const chunk of wrapOutputGuardrails(
      replyguardGuardrail(options),
      { userId: 'user-1', sessionId: 'session-1' },
      stream(),
      { streamId: 'conversation-1' },
    ))
      delivered.push(chunk);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      agency: { seats: [{ metadata: { lastOutputPreview: 'found [REDACTED]' } }] },
    });
    expect(JSON.stringify(delivered)).not.toContain(TOKEN);
    expect(seat.metadata.lastOutputPreview).toContain(TOKEN);
  });

  it('AgentOS hands the guardrail the deltas and the final chunks only (what it can mask)', async () => {
    // Pins AgentOS's dispatch: if it starts handing other chunks over, the guardrail must mask them.
    const guardrail = replyguardGuardrail(options);
    const seen: AgentOSResponse[] = [];
    const recording = {
      ...guardrail,
      evaluateOutput: async (payload: GuardrailOutputPayload) => {
        seen.push({ ...payload.chunk });
        return guardrail.evaluateOutput!(payload);
      },
    };
    const { agentos } = await agentosWith(recording, {
      deltas: ['Let me look that up'],
      toolCall: { id: 'call-1', name: 'weather' },
    });
    started(agentos);
    const chunks = await requestChunks(agentos);
    const types = new Set(chunks.map((chunk) => chunk.type));
    expect(types).toContain(AgentOSResponseChunkType.TOOL_CALL_REQUEST);
    expect(types).toContain(AgentOSResponseChunkType.SYSTEM_PROGRESS);
    expect(seen.length).toBeGreaterThan(0);
    for (const chunk of seen)
      expect(chunk.type === AgentOSResponseChunkType.TEXT_DELTA || chunk.isFinal).toBe(true);
  });

  it('a check that throws blocks (fail closed), and the error never repeats its text', async () => {
    const hostile = {
      mentions: {
        get allowed(): never {
          throw new Error(`boom ${TOKEN}`);
        },
      },
    } as ReplyguardGuardrailOptions;
    const { chunks, final, error } = await run(streamedTurn(GOOD), hostile);
    expect(final).toBeUndefined();
    expect(error?.code).toBe('REPLYGUARD_ERROR');
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
    expect(JSON.stringify(chunks)).not.toContain('boom');
  });

  it('a tool step: its words are withheld; after the tool, AgentOS’s own wrapOutputGuardrails checks the answer', async () => {
    const guardrail = replyguardGuardrail(options);
    const { agentos } = await agentosWith(guardrail, {
      deltas: [`Let me look that up ${TOKEN}`],
      toolCall: { id: 'call-1', name: 'weather' },
      afterTool: LEAKY,
    });
    started(agentos);
    const first = await requestChunks(agentos);
    const request = first.find(
      (chunk) => chunk.type === AgentOSResponseChunkType.TOOL_CALL_REQUEST,
    );
    expect(request).toBeDefined();
    expect(JSON.stringify(first)).not.toContain(TOKEN);
    // AgentOS runs output guardrails in processRequest only: the host wraps the continuation.
    const continued: AgentOSResponse[] = [];
    for await (const chunk of wrapOutputGuardrails(
      guardrail,
      { userId: 'user-1', sessionId: 'session-1' },
      agentos.handleToolResult(request!.streamId, 'call-1', 'weather', { celsius: 18 }, true),
      { streamId: request!.streamId },
    ))
      continued.push(chunk);
    const { final } = readChunks(continued);
    expect(JSON.parse(final!.finalResponseText!)).toEqual(MASKED_VALUE);
    expect(JSON.stringify(continued)).not.toContain(TOKEN);
  });
});
