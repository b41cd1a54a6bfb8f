import { anthropicReplyTool } from '../segments/providerSchemas';
import { type ModelAnswer, type ModelProvider, type ModelRequest, type ProviderConnection, ProviderError } from './modelProvider';
import { count, field, postJson } from './postJson';

/** Options of the Anthropic messages provider (`baseUrl` e.g. `https://api.anthropic.com/v1`). */
export interface AnthropicOptions extends ProviderConnection {
  readonly maxTokens?: number;
}

/**
 * Anthropic messages with a forced tool: the reply schema is the input schema of a tool the
 * model must call; its input is the reply. Thinking blocks and text blocks are not the reply.
 */
export function anthropicProvider(options: AnthropicOptions): ModelProvider {
  return {
    name: 'anthropic',
    enforcement: 'forced_tool',
    async generate(request, { signal }) {
      const headers: Record<string, string> = { 'anthropic-version': '2023-06-01' };
      if (options.apiKey) headers['x-api-key'] = options.apiKey;
      const answer = await postJson(options.fetch ?? fetch, `${options.baseUrl.replace(/\/+$/, '')}/messages`, headers, anthropicBody(options, request), signal);
      return readAnthropicAnswer(answer, request.schema?.name);
    },
  };
}

/** The request body: the reply tool first, forced by `tool_choice`. */
export function anthropicBody(options: Pick<AnthropicOptions, 'model' | 'maxTokens'>, request: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    max_tokens: options.maxTokens ?? 4096,
    system: request.system,
    messages: request.messages,
  };
  if (request.schema) {
    const tool = anthropicReplyTool(request.schema.jsonSchema, request.schema.name);
    body.tools = [tool, ...(request.tools ?? [])];
    body.tool_choice = { type: 'tool', name: request.schema.name };
  } else if (request.tools && request.tools.length > 0) {
    body.tools = request.tools;
  }
  return body;
}

/** Reads the final answer: the input of the forced tool call, else the text blocks. */
export function readAnthropicAnswer(answer: unknown, toolName: string | undefined): ModelAnswer {
  const content = field(answer, 'content');
  if (!Array.isArray(content)) throw new ProviderError('upstream answer has no content array');
  const usage = field(answer, 'usage');
  const tokens = { inputTokens: count(field(usage, 'input_tokens')), outputTokens: count(field(usage, 'output_tokens')) };
  const call = content.find((block) => field(block, 'type') === 'tool_use' && (toolName === undefined || field(block, 'name') === toolName));
  if (call !== undefined) return { object: field(call, 'input'), usage: tokens };
  const texts = content.filter((block) => field(block, 'type') === 'text').map((block) => field(block, 'text'));
  if (texts.length === 0) return { usage: tokens };
  return { text: texts.filter((t): t is string => typeof t === 'string').join(''), usage: tokens };
}
