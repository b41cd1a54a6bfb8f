import type {
  ModelAnswer,
  ModelProvider,
  ModelRequest,
  ModelStreamEvent,
} from '../providers/modelProvider';
import { SEGMENT_SCHEMA_NAME } from './core';

/** A clearly fake token for the leak demo: it has the shape of a GitHub token, nothing more. */
const DEMO_TOKEN = `ghp_${'Dem0'.repeat(9)}`;
const ALWAYS_INVALID = 'always_invalid';

const segments = (...list: object[]) => JSON.stringify({ segments: list });
const text = (value: string) => ({ type: 'text', data: { text: value } });

/** Options of {@link scriptedModel}. */
export interface ScriptedModelOptions {
  /** Characters per streamed text event (default 16). */
  readonly chunkSize?: number;
  /** A pause between streamed events, in ms (default 0). */
  readonly delayMs?: number;
}

/**
 * The embedded default upstream: an offline model that answers from the user's words, so the
 * Worker runs with no keys and no network. Say "invalid" for a reply that fails even after the
 * correction (provably invalid early, so a stream is cut off), "fence" for one the correction
 * fixes, "think" for leaked reasoning, "leak" for a leaked token, "mention" for a mention; with
 * tools, "tool" calls the first one, and a tool result is answered in text. Under a custom schema
 * it answers the JSON object written in the user's message (or `{}`), and repeats it when asked to
 * correct it. Anything else gets a valid Markdown reply. It streams too, in small text events.
 */
export function scriptedModel(options: ScriptedModelOptions = {}): ModelProvider {
  const size = Math.max(1, options.chunkSize ?? 16);
  return {
    name: 'scripted',
    enforcement: 'prompt_only',
    async generate(request, { signal }) {
      signal.throwIfAborted();
      return scriptedAnswer(request);
    },
    async *stream(request, { signal }): AsyncGenerator<ModelStreamEvent> {
      const answer = scriptedAnswer(request);
      const reply = answer.text ?? '';
      for (let at = 0; at < reply.length; at += size) {
        await pause(options.delayMs ?? 0);
        signal.throwIfAborted();
        yield { type: 'text', text: reply.slice(at, at + size) };
      }
      for (const call of answer.toolCalls ?? []) yield { type: 'tool_call', call };
      if (answer.usage) yield { type: 'usage', usage: answer.usage };
    },
  };
}

function scriptedAnswer(request: ModelRequest): ModelAnswer {
  const lastMessage = request.messages[request.messages.length - 1];
  const last = lastMessage?.content ?? '';
  const usage = {
    inputTokens: Math.ceil((request.system.length + last.length) / 4),
    outputTokens: 24,
  };
  const custom = request.schema !== undefined && request.schema.name !== SEGMENT_SCHEMA_NAME;
  const correction = lastMessage?.role === 'user' && last.includes('<<<ANSWER');

  if (lastMessage?.role === 'tool')
    return {
      text: segments(
        text(`The ${lastMessage.name} tool answered: ${lastMessage.content.slice(0, 200)}`),
      ),
      usage,
    };
  if (custom) return { text: correction ? quoted(last) : objectIn(last), usage };
  if (correction) {
    if (last.includes(ALWAYS_INVALID))
      return {
        text: segments({ type: 'text', data: { text: 'still wrong', [ALWAYS_INVALID]: true } }),
        usage,
      };
    return {
      text: segments({
        type: 'markdown',
        data: { content: '**Corrected.** Here is the reply in the right format.' },
      }),
      usage,
    };
  }
  const words = last.toLowerCase();
  // Like a real API, tool_choice none lists the tools but lets no call through.
  const tool = request.toolChoice === 'none' ? undefined : firstToolName(request.tools);
  if (tool && words.includes('tool')) {
    return {
      toolCalls: [
        {
          id: `call_scripted_${request.messages.length}`,
          name: tool,
          arguments: JSON.stringify({ query: last.slice(0, 100) }),
        },
      ],
      usage,
    };
  }
  // The unknown field comes first, so a streamed check can refuse it long before the reply ends.
  if (words.includes('invalid'))
    return {
      text: segments({
        type: 'text',
        data: { [ALWAYS_INVALID]: true, text: `oops ${'and so on '.repeat(40)}` },
      }),
      usage,
    };
  if (words.includes('fence'))
    return { text: '```json\n' + segments(text('fenced reply')) + '\n```', usage };
  if (words.includes('think'))
    return { text: segments(text('<think>the user wants…</think>Hello!')), usage };
  if (words.includes('leak'))
    return { text: segments(text(`Use the token ${DEMO_TOKEN} to log in.`)), usage };
  if (words.includes('mention'))
    return {
      text: segments({ type: 'mention', data: { target: '10001' } }, text(' has been notified.')),
      usage,
    };
  const echo = last.length > 200 ? `${last.slice(0, 200)}…` : last;
  return {
    text: segments(
      {
        type: 'markdown',
        data: { content: `**Scripted reply**\n\nYou said: *${echo.replace(/[*_`]/g, '')}*` },
      },
      text('Try "fence", "think", "leak", "mention" or "invalid".'),
    ),
    usage,
  };
}

/** The JSON object written in a message (first `{` to last `}`), or `{}`. */
function objectIn(message: string): string {
  const start = message.indexOf('{');
  const end = message.lastIndexOf('}');
  return start >= 0 && end > start ? message.slice(start, end + 1) : '{}';
}

/** The bad answer a correction quotes, repeated unchanged. */
function quoted(correction: string): string {
  const match = /<<<ANSWER\n([\s\S]*)\nANSWER>>>/.exec(correction);
  return match?.[1] ?? '{}';
}

function firstToolName(tools: readonly unknown[] | undefined): string | undefined {
  const first = tools?.[0] as { function?: { name?: unknown }; name?: unknown } | undefined;
  const name = first?.function?.name ?? first?.name;
  return typeof name === 'string' ? name : undefined;
}

function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
