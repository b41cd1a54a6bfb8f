import type { ChatMessage } from '../providers/modelProvider';
import type { AiSdkMessage } from './languageModel';
import { isTextPart } from './readParts';

// A core message made from an AI SDK message remembers it, so a turn that passes the caller's
// history through the core gives the model the original back: files, tool results and provider
// options included, none of which the core's text-only messages can carry.
const originals = new WeakMap<ChatMessage, AiSdkMessage>();

/**
 * Splits an AI SDK prompt into the core's system text and messages. System messages are joined
 * in order; every other message becomes a core message that {@link toPrompt} turns back into the
 * very same AI SDK message.
 */
export function fromPrompt(prompt: readonly AiSdkMessage[]): {
  system: string;
  messages: ChatMessage[];
} {
  const system: string[] = [];
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      system.push(message.content);
      continue;
    }
    const core = standIn(message);
    originals.set(core, message);
    messages.push(core);
  }
  return { system: system.join('\n\n'), messages };
}

/** Writes the core's system text and messages as an AI SDK prompt. */
export function toPrompt(system: string, messages: readonly ChatMessage[]): AiSdkMessage[] {
  const prompt: AiSdkMessage[] = system === '' ? [] : [{ role: 'system', content: system }];
  for (const message of messages) prompt.push(originals.get(message) ?? toMessage(message));
  return prompt;
}

function toMessage(message: ChatMessage): AiSdkMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: [{ type: 'text', text: message.content }] };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
          ...(message.toolCalls ?? []).map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: parseArguments(call.arguments),
          })),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId,
            toolName: message.name,
            output: { type: 'text', value: message.content },
          },
        ],
      };
  }
}

// The prompt wants the input as a value; arguments that are not JSON are passed as the text.
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The core's text-only view of an AI SDK message: what it says, for logs and prompts. */
function standIn(message: Exclude<AiSdkMessage, { role: 'system' }>): ChatMessage {
  const text = message.content
    .filter(isTextPart)
    .map((part) => part.text)
    .join('');
  if (message.role === 'user') return { role: 'user', content: text };
  if (message.role === 'assistant') return { role: 'assistant', content: text };
  const result = message.content.find((part) => part.type === 'tool-result') as
    { readonly toolCallId?: unknown; readonly toolName?: unknown } | undefined;
  return {
    role: 'tool',
    toolCallId: typeof result?.toolCallId === 'string' ? result.toolCallId : '',
    name: typeof result?.toolName === 'string' ? result.toolName : '',
    content: '',
  };
}
