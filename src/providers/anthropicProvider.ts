import type { ToolCall } from '../results/replyResult';
import { anthropicReplyTool } from '../segments/providerSchemas';
import { jsonObject } from './jsonObject';
import {
  type ChatMessage,
  type ModelAnswer,
  type ModelProvider,
  type ModelRequest,
  type ProviderConnection,
  ProviderError,
} from './modelProvider';
import { anthropicFinishReason } from './anthropicFinishReason';
import { readAnthropicStream } from './anthropicStream';
import { readAnthropicUsage } from './anthropicUsage';
import { field, postJson, stringOr } from './postJson';
import { postSse, type StreamOptions, withStreaming } from './postSse';

/** Options of the Anthropic messages provider (`baseUrl` e.g. `https://api.anthropic.com/v1`). */
export interface AnthropicOptions extends ProviderConnection, StreamOptions {
  readonly maxTokens?: number | undefined;
}

/**
 * Anthropic messages with a forced tool: the reply schema is the input schema of a tool the
 * model must call; its input is the reply. Thinking blocks and text blocks are not the reply.
 * With business tools the model chooses (`tool_choice: any`) between them and the reply tool.
 * `stop_reason` is reported (`max_tokens` is a cut answer, `refusal` a refusal).
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
 * Reads the final answer: the input of the reply tool (else the text blocks), the business
 * `tool_use` blocks as tool calls, the stop reason and the usage.
 */
export function readAnthropicAnswer(answer: unknown, toolName: string | undefined): ModelAnswer {
  const content = field(answer, 'content');
  if (!Array.isArray(content)) throw new ProviderError('upstream answer has no content array');
  const usage = readAnthropicUsage(field(answer, 'usage'));
  const raw = field(answer, 'stop_reason');
  const finishReason = anthropicFinishReason(raw);
  const rest = {
    ...(finishReason ? { finishReason, rawFinishReason: raw as string } : {}),
    ...(usage ? { usage } : {}),
  };
  const uses = content.filter((block: unknown) => field(block, 'type') === 'tool_use');
  const toolCalls: ToolCall[] = uses
    .filter((block: unknown) => toolName === undefined || field(block, 'name') !== toolName)
    .map((block: unknown) => {
      const name = stringOr(field(block, 'name'), '');
      if (name === '')
        throw new ProviderError('upstream answer has a tool_use block without a name');
      return {
        id: stringOr(field(block, 'id'), ''),
        name,
        arguments: JSON.stringify(field(block, 'input') ?? {}),
      };
    });
  const calls = toolCalls.length > 0 ? { toolCalls } : {};
  const reply: unknown =
    toolName === undefined
      ? undefined
      : uses.find((block: unknown) => field(block, 'name') === toolName);
  if (reply !== undefined) return { object: field(reply, 'input'), ...calls, ...rest };
  const texts = content
    .filter((block: unknown) => field(block, 'type') === 'text')
    .map((block: unknown) => field(block, 'text'))
    .filter((text): text is string => typeof text === 'string');
  if (texts.length === 0) return { ...calls, ...rest };
  return { text: texts.join(''), ...calls, ...rest };
}
