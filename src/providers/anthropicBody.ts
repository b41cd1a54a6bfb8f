import { anthropicReplyTool } from '../segments/providerSchemas';
import type { AnthropicOptions } from './anthropicOptions';
import { jsonObject } from './jsonObject';
import type { ChatMessage, ModelRequest } from './modelProvider';

/**
 * The request body: the reply tool first, forced by `tool_choice` (or, beside business tools,
 * `tool_choice: any`); a tool step is written as `tool_use` blocks and one user message of
 * `tool_result` blocks. With tools off the business tools stay listed and the reply tool is
 * forced (`tool_choice: none` when there is no reply tool).
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
  // Tools off still lists them (the API refuses `tool_use` blocks without tools defined), but
  // forces the reply tool, or, without one, chooses none.
  const off = request.toolChoice === 'none';
  if (request.schema) {
    const tool = anthropicReplyTool(request.schema.jsonSchema, request.schema.name);
    body.tools = [tool, ...business];
    body.tool_choice =
      business.length > 0 && !off ? { type: 'any' } : { type: 'tool', name: request.schema.name };
  } else if (business.length > 0) {
    body.tools = business;
    if (off) body.tool_choice = { type: 'none' };
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
