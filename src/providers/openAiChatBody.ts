import { lowerJsonSchema } from '../segments/lowerJsonSchema';
import type { ChatMessage, ModelRequest } from './modelProvider';

/** The request body for a turn; a tool step is written as assistant `tool_calls` and `tool` messages. */
export function openAiChatBody(
  model: string,
  request: ModelRequest,
  structured: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: [{ role: 'system', content: request.system }, ...request.messages.map(openAiMessage)],
  };
  if (structured && request.schema) {
    body.response_format = {
      type: 'json_schema',
      json_schema: {
        name: request.schema.name,
        description: request.schema.description,
        strict: true,
        schema: lowerJsonSchema(request.schema.jsonSchema),
      },
    };
  }
  // Tool history needs no tools listed here: tools off sends none.
  if (request.tools && request.tools.length > 0 && request.toolChoice !== 'none')
    body.tools = request.tools;
  return body;
}

function openAiMessage(message: ChatMessage): Record<string, unknown> {
  if (message.role === 'tool')
    return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role: 'assistant',
      // The API takes null, not an empty string, beside tool calls.
      content: message.content === '' ? null : message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return { role: message.role, content: message.content };
}
