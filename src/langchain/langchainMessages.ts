import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  coerceMessageLikeToMessage,
  type BaseMessage,
  type BaseMessageLike,
} from '@langchain/core/messages';
import type { ChatMessage, ModelRequest } from './core';
import { messageText } from './messageText';

/** A request as LangChain messages: the system prompt first, then the conversation. */
export function toLangChainMessages(request: ModelRequest): BaseMessage[] {
  const messages: BaseMessage[] = request.system === '' ? [] : [new SystemMessage(request.system)];
  for (const message of request.messages) {
    if (message.role === 'user') messages.push(new HumanMessage(message.content));
    else if (message.role === 'tool')
      messages.push(
        new ToolMessage({
          content: message.content,
          tool_call_id: message.toolCallId,
          name: message.name,
        }),
      );
    else
      messages.push(
        new AIMessage({
          content: message.content,
          tool_calls: (message.toolCalls ?? []).map((call) => ({
            type: 'tool_call' as const,
            id: call.id,
            name: call.name,
            args: argumentsOf(call.arguments),
          })),
        }),
      );
  }
  return messages;
}

/** A tool step's arguments: parsed strictly before the tool ran, so plain JSON.parse suffices. */
function argumentsOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** What a Runnable was given, as a turn: its system messages joined, and the conversation. */
export function fromLangChainInput(input: unknown): {
  system: string;
  messages: ChatMessage[];
} {
  const system: string[] = [];
  const messages: ChatMessage[] = [];
  for (const message of langChainMessagesOf(input)) {
    const type = message.getType();
    const text = messageText(message.content);
    if (type === 'system' || type === 'developer') system.push(text ?? '');
    else if (type === 'human' || (type === 'generic' && roleOf(message) === 'user'))
      messages.push({ role: 'user', content: text ?? '' });
    else if (type === 'tool')
      messages.push({
        role: 'tool',
        toolCallId: String((message as ToolMessage).tool_call_id),
        name: message.name ?? '',
        content: text ?? JSON.stringify(message.content),
      });
    else if (type === 'ai') {
      const calls = (message as AIMessage).tool_calls ?? [];
      messages.push({
        role: 'assistant',
        content: text ?? '',
        ...(calls.length > 0
          ? {
              toolCalls: calls.map((call, index) => ({
                id: call.id ?? `call_${index}`,
                name: call.name,
                arguments: JSON.stringify(call.args),
              })),
            }
          : {}),
      });
    } else throw new TypeError(`replyguard: a ${type} message has no place in a chat turn`);
  }
  return { system: system.join('\n\n'), messages };
}

function langChainMessagesOf(input: unknown): BaseMessage[] {
  if (typeof input === 'string') return [new HumanMessage(input)];
  if (Array.isArray(input))
    return input.map((item) => coerceMessageLikeToMessage(item as BaseMessageLike));
  if (
    typeof input === 'object' &&
    input !== null &&
    typeof (input as { toChatMessages?: unknown }).toChatMessages === 'function'
  )
    return (input as { toChatMessages(): BaseMessage[] }).toChatMessages();
  throw new TypeError('replyguard: the input is not a string, a message list or a prompt value');
}

function roleOf(message: BaseMessage): unknown {
  return (message as { role?: unknown }).role;
}
