import { geminiGenerationConfig } from '../segments/providerSchemas';
import { jsonObject } from './jsonObject';
import type { ChatMessage, ModelRequest } from './modelProvider';

/** The request body; a tool step is written as `functionCall` parts and one user turn of `functionResponse` parts. */
export function geminiBody(request: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    systemInstruction: { parts: [{ text: request.system }] },
    contents: geminiContents(request.messages),
  };
  if (request.schema) body.generationConfig = geminiGenerationConfig(request.schema.jsonSchema);
  if (request.tools && request.tools.length > 0) {
    if (request.toolChoice !== 'none') body.tools = request.tools;
    else {
      // Tools off: the function declarations stay (the conversation holds their calls), none
      // may be called; Gemini refuses a calling config without declarations, and built-in tools
      // (search, code execution) are not sent.
      const declared = request.tools.filter(
        (tool) => typeof tool === 'object' && tool !== null && 'functionDeclarations' in tool,
      );
      if (declared.length > 0) {
        body.tools = declared;
        body.toolConfig = { functionCallingConfig: { mode: 'NONE' } };
      }
    }
  }
  return body;
}

function geminiContents(messages: readonly ChatMessage[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let responses: Record<string, unknown>[] | undefined;
  for (const message of messages) {
    if (message.role === 'tool') {
      // A function's response must be an object: a JSON object result as is, anything else wrapped.
      const part = {
        functionResponse: {
          name: message.name,
          response: jsonObject(message.content) ?? { result: message.content },
        },
      };
      if (responses) responses.push(part);
      else out.push({ role: 'user', parts: (responses = [part]) });
      continue;
    }
    responses = undefined;
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      out.push({
        role: 'model',
        parts: [
          ...(message.content === '' ? [] : [{ text: message.content }]),
          // Ids are not sent back: ours may be synthesised, and Gemini pairs responses by name and
          // order. A thinking model's signature goes back on its call, or the request is refused.
          ...message.toolCalls.map((call) => ({
            functionCall: { name: call.name, args: jsonObject(call.arguments) ?? {} },
            ...(call.signature !== undefined ? { thoughtSignature: call.signature } : {}),
          })),
        ],
      });
    } else {
      out.push({
        role: message.role === 'assistant' ? 'model' : 'user',
        parts: [{ text: message.content }],
      });
    }
  }
  return out;
}
