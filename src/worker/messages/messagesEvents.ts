import { splitText } from '../../text/splitText';
import { CONTENT_CHUNK } from '../turn/contentChunk';
import { sse } from '../turn/sse';
import type { WireAnswer } from '../turn/wireAnswer';
import { anthropicErrorType } from './anthropicError';
import {
  type MessageHead,
  anthropicUsage,
  stopReason,
  toolInput,
  toolUseBlock,
} from './messagesBody';

const event = (type: string, fields: Record<string, unknown> = {}) =>
  sse({ type, ...fields }, type);

/**
 * The Messages event stream of one turn, each event with its `event:` line: `message_start` at
 * once (no content yet, input tokens not counted yet); `ping` as the heartbeat and, carrying
 * `replyguard`, as progress; the validated reply as content blocks (`content_block_start`,
 * `content_block_delta`…, `content_block_stop`), then `message_delta` with the stop reason, the
 * usage and the verdict, then `message_stop`. A failure is an `error` event.
 */
export function messagesEvents(
  head: MessageHead,
): Pick<WireAnswer, 'open' | 'heartbeat' | 'progress' | 'reply' | 'fail'> {
  return {
    open: () =>
      event('message_start', {
        message: {
          id: head.id,
          type: 'message',
          role: 'assistant',
          model: head.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 0, output_tokens: 0 },
        },
      }),
    heartbeat: () => event('ping'),
    progress: (progress) => event('ping', { replyguard: progress }),
    reply(delivery) {
      const frames: string[] = [];
      if (delivery.kind === 'content') {
        frames.push(
          event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
          ...splitText(delivery.content, CONTENT_CHUNK).map((text) =>
            event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
          ),
          event('content_block_stop', { index: 0 }),
        );
      } else {
        delivery.calls.forEach((call, index) => {
          frames.push(
            event('content_block_start', { index, content_block: toolUseBlock(call, {}) }),
            event('content_block_delta', {
              index,
              delta: {
                type: 'input_json_delta',
                partial_json: JSON.stringify(toolInput(call) ?? {}),
              },
            }),
            event('content_block_stop', { index }),
          );
        });
      }
      frames.push(
        event('message_delta', {
          delta: { stop_reason: stopReason(delivery), stop_sequence: null },
          usage: anthropicUsage(delivery.usage),
          replyguard: delivery.verdict,
        }),
        event('message_stop'),
      );
      return frames.join('');
    },
    fail: (error) =>
      event('error', {
        error: {
          ...error.details,
          type: anthropicErrorType(error.status),
          message: error.message,
          code: error.code,
        },
      }),
  };
}
