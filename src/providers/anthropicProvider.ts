import type { ToolCall } from '../results/replyResult';
import { anthropicReplyTool } from '../segments/providerSchemas';
import { jsonObject } from './jsonObject';
import {
  type ChatMessage,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ModelStreamEvent,
  type ProviderConnection,
  ProviderError,
} from './modelProvider';
import { count, field, postJson, stringOr } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';
import { type SseMessage, sseJson } from './readSse';

/** Options of the Anthropic messages provider (`baseUrl` e.g. `https://api.anthropic.com/v1`). */
export interface AnthropicOptions extends ProviderConnection, StreamOptions {
  readonly maxTokens?: number | undefined;
}

/**
 * Anthropic messages with a forced tool: the reply schema is the input schema of a tool the
 * model must call; its input is the reply. Thinking blocks and text blocks are not the reply.
 * With business tools the model chooses (`tool_choice: any`) between them and the reply tool.
 *
 * @example
 * const provider = anthropicProvider({ baseUrl: 'https://api.anthropic.com/v1', apiKey, model: 'claude-sonnet-4-5' });
 */
export function anthropicProvider(options: AnthropicOptions): ModelProvider {
  const url = () => `${options.baseUrl.replace(/\/+$/, '')}/messages`;
  const headers = () => {
    const sent: Record<string, string> = { 'anthropic-version': '2023-06-01' };
    if (options.apiKey) sent['x-api-key'] = options.apiKey;
    return sent;
  };
  return withStreaming(
    {
      name: 'anthropic',
      enforcement: 'forced_tool',
      async generate(request, { signal }) {
        const answer = await postJson(
          options.fetch ?? fetch,
          url(),
          headers(),
          anthropicBody(options, request),
          signal,
        );
        return readAnthropicAnswer(answer, request.schema?.name);
      },
      stream(request, { signal }) {
        const events = postSse(
          options.fetch ?? fetch,
          url(),
          headers(),
          { ...anthropicBody(options, request), stream: true },
          { signal, stallTimeoutMs: options.stallTimeoutMs },
        );
        return readAnthropicStream(events, request.schema?.name);
      },
    },
    options,
  );
}

/**
 * The request body: the reply tool first, forced by `tool_choice` (or, beside business tools,
 * `tool_choice: any`); a tool step is written as `tool_use` blocks and one user message of
 * `tool_result` blocks.
 */
export function anthropicBody(
  options: Pick<AnthropicOptions, 'model' | 'maxTokens'>,
  request: ModelRequest,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    max_tokens: options.maxTokens ?? 4096,
    system: request.system,
    messages: anthropicMessages(request.messages),
  };
  const business = request.tools ?? [];
  if (request.schema) {
    const tool = anthropicReplyTool(request.schema.jsonSchema, request.schema.name);
    body.tools = [tool, ...business];
    body.tool_choice =
      business.length > 0 ? { type: 'any' } : { type: 'tool', name: request.schema.name };
  } else if (business.length > 0) {
    body.tools = business;
  }
  return body;
}

function anthropicMessages(messages: readonly ChatMessage[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let results: Record<string, unknown>[] | undefined;
  for (const message of messages) {
    if (message.role === 'tool') {
      // The results of one step travel in one user message, in the order of the calls.
      const block = {
        type: 'tool_result',
        tool_use_id: message.toolCallId,
        content: message.content,
      };
      if (results) results.push(block);
      else out.push({ role: 'user', content: (results = [block]) });
      continue;
    }
    results = undefined;
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      out.push({
        role: 'assistant',
        content: [
          // The API refuses empty text blocks.
          ...(message.content === '' ? [] : [{ type: 'text', text: message.content }]),
          ...message.toolCalls.map((call) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: jsonObject(call.arguments) ?? {},
          })),
        ],
      });
    } else {
      out.push({ role: message.role, content: message.content });
    }
  }
  return out;
}

/**
 * Reads the final answer: the input of the reply tool (else the text blocks) and the business
 * `tool_use` blocks as tool calls.
 */
export function readAnthropicAnswer(answer: unknown, toolName: string | undefined): ModelAnswer {
  const content = field(answer, 'content');
  if (!Array.isArray(content)) throw new ProviderError('upstream answer has no content array');
  const usage = field(answer, 'usage');
  const tokens = {
    inputTokens: count(field(usage, 'input_tokens')),
    outputTokens: count(field(usage, 'output_tokens')),
  };
  const uses = content.filter((block) => field(block, 'type') === 'tool_use');
  const toolCalls: ToolCall[] = uses
    .filter((block) => toolName === undefined || field(block, 'name') !== toolName)
    .map((block) => ({
      id: stringOr(field(block, 'id'), ''),
      name: stringOr(field(block, 'name'), ''),
      arguments: JSON.stringify(field(block, 'input') ?? {}),
    }));
  const calls = toolCalls.length > 0 ? { toolCalls } : {};
  const reply: unknown =
    toolName === undefined ? undefined : uses.find((block) => field(block, 'name') === toolName);
  if (reply !== undefined) return { object: field(reply, 'input'), ...calls, usage: tokens };
  const texts = content
    .filter((block) => field(block, 'type') === 'text')
    .map((block) => field(block, 'text'));
  if (texts.length === 0) return { ...calls, usage: tokens };
  return {
    text: texts.filter((t): t is string => typeof t === 'string').join(''),
    ...calls,
    usage: tokens,
  };
}

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
 * `content_block_stop`, thinking never; the usage once at `message_stop`, which must come.
 */
async function* readAnthropicStream(
  events: AsyncIterable<SseMessage>,
  toolName: string | undefined,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const blocks = new Map<number, Block>();
  let inputTokens = 0;
  let outputTokens = 0;
  for await (const message of events) {
    const event = sseJson(message);
    const index = field(event, 'index');
    switch (field(event, 'type')) {
      case 'message_start': {
        const usage = field(field(event, 'message'), 'usage');
        inputTokens = count(field(usage, 'input_tokens'));
        outputTokens = count(field(usage, 'output_tokens'));
        break;
      }
      case 'content_block_start': {
        const block = field(event, 'content_block');
        const type = field(block, 'type');
        const name = field(block, 'name');
        if (typeof index !== 'number') break;
        if (type === 'tool_use' && toolName !== undefined && name === toolName)
          blocks.set(index, { kind: 'reply' });
        else if (type === 'tool_use')
          blocks.set(index, {
            kind: 'call',
            id: stringOr(field(block, 'id'), ''),
            name: stringOr(name, ''),
            start: field(block, 'input'),
            input: '',
          });
        else if (type === 'text' && toolName === undefined) blocks.set(index, { kind: 'text' });
        else blocks.set(index, { kind: 'other' });
        break;
      }
      case 'content_block_delta': {
        const block = typeof index === 'number' ? blocks.get(index) : undefined;
        const delta = field(event, 'delta');
        const type = field(delta, 'type');
        const piece =
          type === 'input_json_delta'
            ? field(delta, 'partial_json')
            : type === 'text_delta'
              ? field(delta, 'text')
              : undefined;
        if (typeof piece !== 'string' || piece === '' || block === undefined) break;
        if (block.kind === 'call' && type === 'input_json_delta') block.input += piece;
        else if (
          (block.kind === 'reply' && type === 'input_json_delta') ||
          (block.kind === 'text' && type === 'text_delta')
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
        const usage = field(event, 'usage');
        if (typeof field(usage, 'output_tokens') === 'number')
          outputTokens = count(field(usage, 'output_tokens'));
        if (typeof field(usage, 'input_tokens') === 'number')
          inputTokens = count(field(usage, 'input_tokens'));
        break;
      }
      case 'message_stop':
        yield { type: 'usage', usage: { inputTokens, outputTokens } };
        return;
    }
  }
  throw new ProviderError('the stream ended before message_stop');
}
