import { quoteSource } from '../leaks/quoteSource';
import type { Usage } from '../results/replyResult';
import { geminiFinishReason } from './geminiFinishReason';
import { type PartialCall, createPartialCall } from './geminiPartialCall';
import { GEMINI_PARTS, geminiToolCall, readGeminiPart } from './geminiPart';
import { unknownPartsFailure } from './unknownPartsFailure';
import { readGeminiUsage } from './geminiUsage';
import type { ModelStreamEvent } from './modelProvider';
import { ProviderError } from './providerError';
import { field } from './postJson';
import { type SseMessage, sseJson } from './readSse';

/**
 * Turns `streamGenerateContent` chunks into stream events: non-thought text parts as text,
 * `functionCall` parts as tool calls — whole ones at once, streamed arguments (`partialArgs`,
 * `willContinue`) assembled and reported when the call ends — the finish reason, then the last
 * usage once at the end. A prompt blocked by `promptFeedback.blockReason` ends as a
 * `content_filter` finish. The stream must carry a `finishReason` (or a block), else it was cut;
 * a call left open, or arguments for a call that has no name, throw a ProviderError.
 */
export async function* readGeminiStream(
  events: AsyncIterable<SseMessage>,
  firstCall: number,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  let calls = firstCall;
  let finished = false;
  let answered = false;
  let usage: Usage | undefined;
  let open: PartialCall | undefined;
  const unknown: string[] = [];
  const close = (): ModelStreamEvent => {
    const call = open!;
    open = undefined;
    answered = true;
    return {
      type: 'tool_call',
      call: geminiToolCall(
        { name: call.name, id: call.id },
        calls++,
        call.signature,
        call.argumentsText(),
      ),
    };
  };
  for await (const message of events) {
    const chunk = sseJson(message);
    usage = readGeminiUsage(field(chunk, 'usageMetadata')) ?? usage;
    const candidate = field(field(chunk, 'candidates'), 0);
    if (candidate === undefined) {
      const blocked = field(field(chunk, 'promptFeedback'), 'blockReason');
      if (typeof blocked === 'string') {
        finished = true;
        yield {
          type: 'finish',
          reason: 'content_filter',
          raw: `blockReason ${quoteSource(blocked)}`,
        };
      }
      continue;
    }
    const parts = field(field(candidate, 'content'), 'parts');
    for (const raw of Array.isArray(parts) ? (parts as unknown[]) : []) {
      const part = readGeminiPart(raw);
      if (part.kind === 'text' && part.text !== '') {
        answered = true;
        yield { type: 'text', text: part.text };
      } else if (part.kind === 'unknown') {
        unknown.push(part.name);
      } else if (part.kind === 'call') {
        const call = part.call;
        const name = field(call, 'name');
        const more = field(call, 'willContinue') === true;
        if (open === undefined && (more || field(call, 'partialArgs') !== undefined)) {
          if (typeof name !== 'string' || name === '')
            throw new ProviderError('the stream sent function-call arguments without a call name');
          const id = field(call, 'id');
          open = createPartialCall(
            name,
            field(call, 'args'),
            typeof id === 'string' ? id : undefined,
            part.signature,
          );
        } else if (
          open !== undefined &&
          typeof name === 'string' &&
          name !== '' &&
          name !== open.name
        ) {
          throw new ProviderError(
            `the stream started function call ${JSON.stringify(quoteSource(name))} before ${JSON.stringify(quoteSource(open.name))} ended`,
          );
        } else if (open === undefined) {
          // A closing `functionCall: {}` with no call open carries nothing.
          if (name === undefined && Object.keys(call as object).length === 0) continue;
          answered = true;
          yield { type: 'tool_call', call: geminiToolCall(call, calls++, part.signature) };
          continue;
        }
        open.add(field(call, 'partialArgs'));
        if (!more) yield close();
      }
    }
    const raw = field(candidate, 'finishReason');
    const reason = geminiFinishReason(raw);
    if (reason) {
      finished = true;
      // The candidate ended: a call still open has all the arguments it will get.
      if (open !== undefined) yield close();
      yield { type: 'finish', reason, raw: raw as string };
    }
  }
  if (!finished) throw new ProviderError('the stream ended before a finishReason');
  if (open !== undefined) throw new ProviderError('the stream ended inside a function call');
  if (!answered && unknown.length > 0)
    throw unknownPartsFailure(unknown, 'the stream', GEMINI_PARTS);
  if (usage) yield { type: 'usage', usage };
}
