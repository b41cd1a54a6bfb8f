import type { JsonValue } from '../json/parseJson';
import { parseJson } from '../json/parseJson';
import type { ChatMessage } from '../providers/modelProvider';
import type { ToolCall } from '../results/replyResult';

/** A tool call as the host's executor gets it: the arguments already parsed, strictly. */
export interface ToolInvocation {
  readonly id: string;
  readonly name: string;
  readonly arguments: JsonValue;
}

/** The host's tool executor. What it returns is sent to the model (text as is, else as JSON). */
export type ToolRunner = (
  call: ToolInvocation,
  context: { readonly signal: AbortSignal },
) => unknown;

/** The most characters of a tool's error text the model is shown. */
const MAX_TOOL_ERROR = 500;

/**
 * Runs one step's tool calls through the host's executor and returns the messages that replay
 * the step: the assistant's calls, then one result per call, in order. Arguments that do not
 * parse and tools that throw become that call's error result; the turn goes on. Only the
 * signal stops the step (it rejects, so the caller ends the turn).
 */
export async function runToolCalls(
  calls: readonly ToolCall[],
  text: string,
  runTool: ToolRunner,
  signal: AbortSignal,
): Promise<ChatMessage[]> {
  const results = await Promise.all(calls.map((call) => runOne(call, runTool, signal)));
  if (signal.aborted) throw signal.reason;
  return [
    { role: 'assistant', content: text, toolCalls: calls },
    ...calls.map((call, index): ChatMessage => ({
      role: 'tool',
      toolCallId: call.id,
      name: call.name,
      content: results[index] ?? '',
    })),
  ];
}

async function runOne(call: ToolCall, runTool: ToolRunner, signal: AbortSignal): Promise<string> {
  const parsed = parseJson(call.arguments === '' ? '{}' : call.arguments);
  if (!parsed.ok)
    return errorText(
      `the arguments are not valid JSON (${parsed.issue.code} at ${parsed.issue.offset}): ${parsed.issue.message}`,
    );
  try {
    const result = await raceSignal(
      Promise.resolve(
        runTool({ id: call.id, name: call.name, arguments: parsed.value }, { signal }),
      ),
      signal,
    );
    if (typeof result === 'string') return result;
    return JSON.stringify(result ?? null) ?? 'null';
  } catch (error) {
    if (signal.aborted) return '';
    return errorText(String((error as Error)?.message ?? error));
  }
}

function errorText(message: string): string {
  const cut = message.length > MAX_TOOL_ERROR ? `${message.slice(0, MAX_TOOL_ERROR)}…` : message;
  return `Error: ${cut}`;
}

/** A tool that ignores the signal is not waited for. */
function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
