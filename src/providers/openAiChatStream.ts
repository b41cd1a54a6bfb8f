import { CONTENT_PARTS, readContentParts } from './contentParts';
import { unknownPartsFailure } from './unknownPartsFailure';
import type { FinishReason, ModelStreamEvent } from './modelProvider';
import { ProviderError } from './providerError';
import { openAiFinishReason } from './openAiFinishReason';
import { readOpenAiUsage } from './openAiUsage';
import { field } from './postJson';
import { type SseMessage, sseJson } from './readSse';

/** A tool call as its pieces arrive: id and name first, the arguments in pieces. */
interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Turns chat completion chunks into stream events: `delta.content` (a string or an array of
 * parts; thinking parts skipped) as text, `delta.refusal` and refusal parts as refusal, tool
 * calls gathered by index and reported whole at the `finish_reason` or the end, the finish
 * reason, then the usage last. The stream must end with `data: [DONE]` or after a
 * `finish_reason`, else it was cut. A stream whose content was only parts of unknown types, or a
 * tool call that never got a name, throws a ProviderError.
 */
export async function* readOpenAiChatStream(
  events: AsyncIterable<SseMessage>,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const pending = new Map<number, PendingCall>();
  let finished = false;
  let usage: unknown;
  let answered = false;
  const unknown: string[] = [];
  const flush = function* (): Generator<ModelStreamEvent> {
    for (const index of [...pending.keys()].sort((a, b) => a - b)) {
      const call = pending.get(index)!;
      if (call.name === '')
        throw new ProviderError(`the stream sent tool call ${index} without a name`);
      answered = true;
      yield {
        type: 'tool_call',
        call: { id: call.id, name: call.name, arguments: argumentsText(call.arguments) },
      };
    }
    pending.clear();
  };
  // Some compatible servers repeat a running usage in every chunk: the last one is reported, once.
  const end = function* (): Generator<ModelStreamEvent> {
    yield* flush();
    if (!answered && unknown.length > 0)
      throw unknownPartsFailure(unknown, 'delta.content', CONTENT_PARTS);
    const read = readOpenAiUsage(usage);
    if (read) yield { type: 'usage', usage: read };
  };
  for await (const message of events) {
    if (message.data.trim() === '[DONE]') {
      yield* end();
      return;
    }
    const chunk = sseJson(message);
    const choices = field(chunk, 'choices');
    const choice: unknown = Array.isArray(choices)
      ? choices.find((c) => (field(c, 'index') ?? 0) === 0)
      : undefined;
    const delta = field(choice, 'delta');
    const content = readContentParts(field(delta, 'content'), 'delta.content');
    unknown.push(...content.unknown);
    if (content.text !== undefined && content.text !== '') {
      answered = true;
      yield { type: 'text', text: content.text };
    }
    for (const refusal of [field(delta, 'refusal'), content.refusal]) {
      if (typeof refusal === 'string' && refusal !== '') {
        answered = true;
        yield { type: 'refusal', text: refusal };
      }
    }
    gather(pending, field(delta, 'tool_calls'));
    const raw = field(choice, 'finish_reason');
    const reason: FinishReason | undefined = openAiFinishReason(raw);
    if (reason) {
      finished = true;
      yield* flush();
      yield { type: 'finish', reason, raw: raw as string };
    }
    const chunkUsage = field(chunk, 'usage');
    if (typeof chunkUsage === 'object' && chunkUsage !== null) usage = chunkUsage;
  }
  if (!finished) throw new ProviderError('the stream ended before its finish_reason or [DONE]');
  yield* end();
}

/** Adds one chunk's tool call pieces to the calls being gathered, by index. */
function gather(pending: Map<number, PendingCall>, calls: unknown): void {
  if (!Array.isArray(calls)) return;
  calls.forEach((piece: unknown, position) => {
    const index =
      typeof field(piece, 'index') === 'number' ? (field(piece, 'index') as number) : position;
    const call = pending.get(index) ?? { id: '', name: '', arguments: '' };
    const fn = field(piece, 'function');
    if (call.id === '' && typeof field(piece, 'id') === 'string')
      call.id = field(piece, 'id') as string;
    if (call.name === '' && typeof field(fn, 'name') === 'string')
      call.name = field(fn, 'name') as string;
    const args = field(fn, 'arguments');
    if (args !== undefined && args !== null)
      call.arguments += typeof args === 'string' ? args : JSON.stringify(args);
    pending.set(index, call);
  });
}

/** Arguments as JSON text: some compatible servers send an object, or nothing for a call without arguments. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '{}' : value;
  return value === undefined || value === null ? '{}' : JSON.stringify(value);
}
