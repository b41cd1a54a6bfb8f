import { lowerJsonSchema } from '../segments/lowerJsonSchema';
import type { ChatMessage, ModelRequest } from './modelProvider';
import type { OpenAiResponsesOptions } from './openAiResponsesOptions';

/** The request body of a turn: the system prompt as `instructions`, the conversation as items. */
export function openAiResponsesBody(
  options: Pick<OpenAiResponsesOptions, 'model' | 'maxOutputTokens' | 'reasoning'>,
  request: ModelRequest,
  structured: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: options.model,
    input: request.messages.flatMap(responsesItems),
    // Replies are enforced turn by turn: nothing needs to be kept upstream.
    store: false,
  };
  if (request.system !== '') body.instructions = request.system;
  if (structured && request.schema) {
    body.text = {
      format: {
        type: 'json_schema',
        name: request.schema.name,
        ...(request.schema.description ? { description: request.schema.description } : {}),
        strict: true,
        schema: lowerJsonSchema(request.schema.jsonSchema),
      },
    };
  }
  // `function_call` items need no tools listed: tools off sends none.
  if (request.tools && request.tools.length > 0 && request.toolChoice !== 'none')
    body.tools = request.tools;
  if (options.maxOutputTokens !== undefined) body.max_output_tokens = options.maxOutputTokens;
  if (options.reasoning) body.reasoning = options.reasoning;
  return body;
}

/** One message as input items; an assistant's tool calls become `function_call` items after its text. */
function responsesItems(message: ChatMessage): Record<string, unknown>[] {
  if (message.role === 'tool')
    return [{ type: 'function_call_output', call_id: message.toolCallId, output: message.content }];
  if (message.role === 'user') return [{ role: 'user', content: message.content }];
  const calls = (message.toolCalls ?? []).map((call) => ({
    type: 'function_call',
    call_id: call.id,
    name: call.name,
    arguments: call.arguments,
  }));
  // An assistant turn that only called tools has no text: an empty message would be a turn of its own.
  if (calls.length > 0 && message.content === '') return calls;
  return [{ role: 'assistant', content: message.content }, ...calls];
}
