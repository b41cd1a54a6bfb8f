import type { Usage } from '../results/replyResult';
import { anthropicFinishReason } from './anthropicFinishReason';
import { readAnthropicUsage } from './anthropicUsage';
import type { ModelStreamEvent } from './modelProvider';
import { ProviderError } from './providerError';
import { field, stringOr } from './postJson';
import { type SseMessage, sseJson } from './readSse';

/** What a content block of the stream is. */
type Block =
  | { readonly kind: 'reply' }
  | { readonly kind: 'text' }
  | {
      readonly kind: 'call';
      readonly id: string;
      readonly name: string;
      readonly start: unknown;
      input: string;
    }
  | { readonly kind: 'other' };

/**
 * Turns message events into stream events: the reply tool's `input_json_delta` as text (or, with
 * no reply tool, the text blocks), business `tool_use` blocks reported whole at their
 * `content_block_stop`, thinking never; the stop reason from `message_delta`; the usage once at
 * `message_stop`, which must come. Content before `message_start`, or a `message_start` of another
 * message (or of one without an id) before `message_stop`, is a malformed stream (a
 * ProviderError); the open message's own `message_start` again is skipped. Unknown events are
 * skipped.
 */
export async function* readAnthropicStream(
  events: AsyncIterable<SseMessage>,
  toolName: string | undefined,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const blocks = new Map<number, Block>();
  let usage: Usage | undefined;
  let started = false;
  let messageId: string | undefined;
  for await (const message of events) {
    const event = sseJson(message);
    const type = field(event, 'type');
    const index = field(event, 'index');
    if (type === 'message_start') {
      const id = field(field(event, 'message'), 'id');
      if (started) {
        // A relay may send the open message's start again: the same message, nothing new (the
        // AI SDK skips it too). Another message inside the open one is two answers spliced.
        if (typeof id === 'string' && id === messageId) continue;
        throw new ProviderError(
          `the stream started a second message before message_stop (${quoteId(id)} inside ${quoteId(messageId)})`,
        );
      }
      started = true;
      messageId = typeof id === 'string' ? id : undefined;
      usage = readAnthropicUsage(field(field(event, 'message'), 'usage'));
      continue;
    }
    if (!started && typeof type === 'string' && type !== 'ping')
      throw new ProviderError(`the stream sent ${type.slice(0, 40)} before message_start`);
    switch (type) {
      case 'content_block_start': {
        if (typeof index === 'number')
          blocks.set(index, blockOf(field(event, 'content_block'), toolName));
        break;
      }
      case 'content_block_delta': {
        const block = typeof index === 'number' ? blocks.get(index) : undefined;
        const delta = field(event, 'delta');
        const kind = field(delta, 'type');
        const piece =
          kind === 'input_json_delta'
            ? field(delta, 'partial_json')
            : kind === 'text_delta'
              ? field(delta, 'text')
              : undefined;
        if (typeof piece !== 'string' || piece === '' || block === undefined) break;
        if (block.kind === 'call' && kind === 'input_json_delta') block.input += piece;
        else if (
          (block.kind === 'reply' && kind === 'input_json_delta') ||
          (block.kind === 'text' && kind === 'text_delta')
        )
          yield { type: 'text', text: piece };
        break;
      }
      case 'content_block_stop': {
        const block = typeof index === 'number' ? blocks.get(index) : undefined;
        if (block?.kind === 'call') {
          // A call without input deltas has its whole input in the start block (`{}`).
          const input = block.input !== '' ? block.input : JSON.stringify(block.start ?? {});
          yield { type: 'tool_call', call: { id: block.id, name: block.name, arguments: input } };
        }
        break;
      }
      case 'message_delta': {
        usage = readAnthropicUsage(field(event, 'usage'), usage);
        const raw = field(field(event, 'delta'), 'stop_reason');
        const reason = anthropicFinishReason(raw);
        if (reason) yield { type: 'finish', reason, raw: raw as string };
        break;
      }
      case 'message_stop':
        if (usage) yield { type: 'usage', usage };
        return;
    }
  }
  throw new ProviderError('the stream ended before message_stop');
}

/** What a `content_block_start` opens: the reply tool, a business call, reply text, or other. */
function blockOf(block: unknown, toolName: string | undefined): Block {
  const type = field(block, 'type');
  const name = field(block, 'name');
  if (type === 'tool_use' && toolName !== undefined && name === toolName) return { kind: 'reply' };
  if (type === 'tool_use') {
    if (typeof name !== 'string' || name === '')
      throw new ProviderError('the stream opened a tool_use block without a name');
    return {
      kind: 'call',
      id: stringOr(field(block, 'id'), ''),
      name,
      start: field(block, 'input'),
      input: '',
    };
  }
  if (type === 'text' && toolName === undefined) return { kind: 'text' };
  return { kind: 'other' };
}

/** A message id for an error message: quoted and bounded, or `no id`. */
function quoteId(id: unknown): string {
  return typeof id === 'string' ? JSON.stringify(id.slice(0, 60)) : 'no id';
}
