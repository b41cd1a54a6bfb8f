import { StreamingManager, wrapOutputGuardrails, type AgentOSResponse } from '@framers/agentos';
import { AsyncStreamClientBridge } from '@framers/agentos/core/streaming/AsyncStreamClientBridge';
import { describe, expect, it, vi } from 'vitest';
import { replyguardGuardrail } from '../../src/agentos/index';
import {
  AgentOSResponseChunkType,
  options,
  readChunks,
  run,
  streamedTurn,
  useAgentosSuite,
} from './agentosRuntime';
import { LEAKY, MASKED_VALUE, TOKEN } from './replies';

// AgentOS's StreamingManager hands every client registered on a stream the same chunk object,
// when it is pushed; the guardrail runs later, in each guarded consumer (processRequest's), and
// AgentOS's dispatcher copies the chunk only to put the checked reply in finalResponseText: the
// other masks are written on the shared object. These suites put a second client on the stream of
// a real processRequest run (AgentOS's own StreamingManager, its dispatcher, a scripted GMI).
useAgentosSuite();

/** Registers `client` on every stream AgentOS registers a client on, after AgentOS's. */
function alsoRegister(client: Parameters<StreamingManager['registerClient']>[1]) {
  const register = StreamingManager.prototype.registerClient;
  vi.spyOn(StreamingManager.prototype, 'registerClient').mockImplementation(async function (
    this: StreamingManager,
    streamId,
    registered,
  ) {
    await register.call(this, streamId, registered);
    await register.call(this, streamId, client);
  });
}

describe('replyguardGuardrail with another client on AgentOS’s stream', () => {
  it('another client of the stream gets AgentOS’s object as streamed; the masks land on it in one step', async () => {
    const other: { chunk: AgentOSResponse; atPush: string }[] = [];
    const recorder: Parameters<StreamingManager['registerClient']>[1] = {
      id: 'other-client',
      isActive: () => true,
      sendChunk: async (chunk) => void other.push({ chunk, atPush: JSON.stringify(chunk) }),
      notifyStreamClosed: async () => undefined,
    };
    alsoRegister(recorder);
    const sharedFinal = () =>
      other.find(({ chunk }) => chunk.type === AgentOSResponseChunkType.FINAL_RESPONSE);
    // Read while the reply is checked (the check reads the allowed mentions).
    const duringCheck: string[] = [];
    const mentions = {
      get allowed() {
        duringCheck.push(JSON.stringify(sharedFinal()?.chunk));
        return ['u1'];
      },
    };
    const reply = `{"segments":[{"type":"text","data":{"text":"the key is ${TOKEN}"}},{"type":"mention","data":{"target":"u1"}}]}`;
    const { chunks, final } = await run(
      {
        ...streamedTurn(reply),
        history: [{ role: 'assistant', content: `earlier: ${TOKEN}` }],
        output: { toolCalls: [{ id: 'call-1', name: 'lookup', arguments: { query: TOKEN } }] },
      },
      { ...options, mentions },
    );
    expect(JSON.stringify(chunks)).not.toContain(TOKEN);
    expect(JSON.parse(final!.finalResponseText!).segments[0].data.text).toBe(
      'the key is [REDACTED]',
    );
    const shared = sharedFinal()!;
    // Delivered before any guardrail ran: the other client holds the chunk as AgentOS made it.
    expect(shared.atPush).toContain(`earlier: ${TOKEN}`);
    expect(shared.atPush).toContain(`"query":"${TOKEN}"`);
    // Never half masked: while the reply is checked, the object is still as AgentOS pushed it.
    expect(duringCheck.length).toBeGreaterThan(0);
    for (const seen of duringCheck) expect(seen).toBe(shared.atPush);
    // Then the masks, all of them, on the same object; its finalResponseText stays the model's
    // (AgentOS puts the checked reply on processRequest's copy only).
    const after = { ...shared.chunk, finalResponseText: undefined };
    expect(JSON.stringify(after)).not.toContain(TOKEN);
    expect(shared.chunk).toMatchObject({ finalResponseText: reply });
  });

  it('two guarded clients of one stream: each delivers the whole masks, whichever writes first', async () => {
    // A second consumer as processRequest makes its own: a bridge on the stream, through
    // AgentOS's dispatcher with the guardrail. Both guardrails write on the one shared object.
    const bridge = new AsyncStreamClientBridge('second');
    alsoRegister(bridge);
    const second = (async () => {
      const chunks: AgentOSResponse[] = [];
      for await (const chunk of wrapOutputGuardrails(
        replyguardGuardrail(options),
        { userId: 'user-1', sessionId: 'session-1' },
        bridge.consume(),
        { streamId: 'second' },
      ))
        chunks.push(chunk);
      return chunks;
    })();
    const first = await run({
      ...streamedTurn(LEAKY),
      history: [{ role: 'assistant', content: `earlier: ${TOKEN}` }],
      output: { toolCalls: [{ id: 'call-1', name: 'lookup', arguments: { query: TOKEN } }] },
    });
    const delivered = [first.chunks, await second];
    for (const chunks of delivered) {
      const { final } = readChunks(chunks);
      expect(JSON.parse(final!.finalResponseText!)).toEqual(MASKED_VALUE);
      expect(final!.finalToolCalls).toEqual([
        { id: 'call-1', name: 'lookup', arguments: { query: '[REDACTED]' } },
      ]);
      const messages = (
        final!.updatedConversationContext as unknown as { messages: { content: string }[] }
      ).messages;
      expect(messages[0]!.content).toBe('earlier: [REDACTED]');
      expect(JSON.parse(messages.at(-1)!.content)).toEqual(MASKED_VALUE);
      expect(JSON.stringify(chunks)).not.toContain(TOKEN);
    }
  });
});
