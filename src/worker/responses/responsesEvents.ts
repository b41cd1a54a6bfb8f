import type { HttpError } from '../http/httpError';
import { splitText } from '../../text/splitText';
import { CONTENT_CHUNK } from '../turn/contentChunk';
import { sse } from '../turn/sse';
import type { Delivered, DeliveryError } from '../turn/turnDelivery';
import type { ChatProgressEvent } from '../wireTypes';
import {
  type ResponseHead,
  functionCallItem,
  messageItem,
  outputTextPart,
  responseObject,
} from './responsesBody';
import { newId } from '../turn/newId';

/** The events of one streamed response, numbered in order (`sequence_number`). */
export interface ResponsesEvents {
  readonly open: () => string;
  readonly progress: (event: ChatProgressEvent) => string;
  readonly reply: (delivery: Delivered) => string;
  readonly fail: (error: DeliveryError | HttpError) => string;
}

/**
 * The Responses event stream of one turn, each event with its `event:` line and `sequence_number`:
 * `response.created` and `response.in_progress` at once (no output yet); progress as further
 * `response.in_progress` events carrying `replyguard`; the validated reply as the API streams
 * output items (`response.output_item.added`, `response.content_part.added`,
 * `response.output_text.delta`…, or a function call's arguments), then `response.completed` with
 * the whole response, its usage and verdict. A failure is an `error` event, then
 * `response.failed`.
 */
export function responsesEvents(head: ResponseHead): ResponsesEvents {
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>) =>
    sse({ type, sequence_number: sequence++, ...fields }, type);
  const pending = () => responseObject(head, { status: 'in_progress' });
  return {
    open: () =>
      event('response.created', { response: pending() }) +
      event('response.in_progress', { response: pending() }),
    progress: (progress) =>
      event('response.in_progress', { response: pending(), replyguard: progress }),
    reply(delivery) {
      const frames: string[] = [];
      const output: Record<string, unknown>[] = [];
      if (delivery.kind === 'content') {
        const id = newId('msg');
        const at = { item_id: id, output_index: 0, content_index: 0 };
        const text = delivery.content;
        frames.push(
          event('response.output_item.added', {
            output_index: 0,
            item: messageItem(id, '', 'in_progress'),
          }),
          event('response.content_part.added', { ...at, part: outputTextPart('') }),
          ...splitText(text, CONTENT_CHUNK).map((delta) =>
            event('response.output_text.delta', { ...at, delta, logprobs: [] }),
          ),
          event('response.output_text.done', { ...at, text, logprobs: [] }),
          event('response.content_part.done', { ...at, part: outputTextPart(text) }),
        );
        output.push(messageItem(id, text));
        frames.push(event('response.output_item.done', { output_index: 0, item: output[0] }));
      } else {
        delivery.calls.forEach((call, index) => {
          const id = newId('fc');
          const at = { item_id: id, output_index: index };
          const item = functionCallItem(id, call, 'completed');
          output.push(item);
          frames.push(
            event('response.output_item.added', {
              output_index: index,
              item: functionCallItem(id, call, 'in_progress'),
            }),
            event('response.function_call_arguments.delta', { ...at, delta: call.arguments }),
            event('response.function_call_arguments.done', { ...at, arguments: call.arguments }),
            event('response.output_item.done', { output_index: index, item }),
          );
        });
      }
      const response = responseObject(head, {
        status: 'completed',
        output,
        usage: delivery.usage,
        verdict: delivery.verdict,
      });
      frames.push(event('response.completed', { response }));
      return frames.join('');
    },
    fail(error) {
      const param = typeof error.details?.field === 'string' ? error.details.field : null;
      const { code, message } = error;
      const verdict = 'verdict' in error ? { verdict: error.verdict } : {};
      return (
        event('error', { code, message, param }) +
        event('response.failed', {
          response: responseObject(head, {
            status: 'failed',
            error: { code, message },
            ...verdict,
          }),
        })
      );
    },
  };
}
