import type { ModelStreamEvent } from './modelProvider';
import { ProviderError } from './providerError';
import { field, stringOr } from './postJson';
import { responsesCall, responsesFinish, responsesUsage } from './readResponsesAnswer';
import { quote, type SseMessage, sseJson } from './readSse';

/** An output item as the stream announced it. */
interface Item {
  readonly type: unknown;
  /** A function call's pieces as they arrive. */
  callId: string;
  name: string;
  arguments: string;
  /** A refusal part's text as it arrives. */
  refusal: string;
  done: boolean;
}

/**
 * Turns Responses API events into stream events: `response.output_text.delta` as text (reasoning
 * items send other events and are never text), `refusal` parts reported once at their end, each
 * `function_call` item reported whole at `response.output_item.done`, then the usage (when the
 * response reports one) and the finish reason from the one terminal event (`response.completed`
 * or `response.incomplete`, whose `max_output_tokens` is the finish reason `length`).
 * `response.failed`, an `error` event or a stream that ends without a terminal event throws a
 * ProviderError.
 */
export async function* readResponsesStream(
  events: AsyncIterable<SseMessage>,
): AsyncGenerator<ModelStreamEvent, void, undefined> {
  const items = new Map<number, Item>();
  let refused = false;
  const item = (event: unknown): Item | undefined => {
    const index = field(event, 'output_index');
    return typeof index === 'number' ? items.get(index) : undefined;
  };
  for await (const message of events) {
    // An `error` event, flat or with a nested `error`, with or without its `event:` line, throws.
    const event = sseJson(message, { typedErrors: true });
    switch (field(event, 'type')) {
      case 'response.output_item.added': {
        const index = field(event, 'output_index');
        const added = field(event, 'item');
        if (typeof index !== 'number') break;
        items.set(index, {
          type: field(added, 'type'),
          callId: stringOr(field(added, 'call_id'), ''),
          name: stringOr(field(added, 'name'), ''),
          arguments: stringOr(field(added, 'arguments'), ''),
          refusal: '',
          done: false,
        });
        break;
      }
      case 'response.output_text.delta': {
        const delta = field(event, 'delta');
        if (typeof delta === 'string' && delta !== '') yield { type: 'text', text: delta };
        break;
      }
      case 'response.refusal.delta': {
        const known = item(event);
        const delta = field(event, 'delta');
        if (known && typeof delta === 'string') known.refusal += delta;
        break;
      }
      case 'response.refusal.done': {
        const known = item(event);
        const text = stringOr(field(event, 'refusal'), known?.refusal ?? '');
        if (known) known.refusal = '';
        refused = true;
        yield { type: 'refusal', text };
        break;
      }
      case 'response.function_call_arguments.delta': {
        const known = item(event);
        const delta = field(event, 'delta');
        if (known && typeof delta === 'string') known.arguments += delta;
        break;
      }
      case 'response.output_item.done': {
        const done = field(event, 'item');
        const known = item(event);
        if (field(done, 'type') !== 'function_call') break;
        if (known) known.done = true;
        const call = responsesCall(done);
        yield {
          type: 'tool_call',
          call: {
            id: call.id || known?.callId || '',
            name: call.name || known?.name || '',
            arguments:
              typeof field(done, 'arguments') === 'string' ? call.arguments : pending(known),
          },
        };
        break;
      }
      case 'response.completed':
      case 'response.incomplete': {
        const response = field(event, 'response');
        let called = false;
        // Calls and refusals the stream left open are reported before the end.
        for (const [, open] of [...items].sort(([a], [b]) => a - b)) {
          if (open.type === 'function_call') {
            called = true;
            if (!open.done)
              yield {
                type: 'tool_call',
                call: { id: open.callId, name: open.name, arguments: pending(open) },
              };
          }
          if (open.refusal !== '') {
            refused = true;
            yield { type: 'refusal', text: open.refusal };
          }
        }
        const usage = responsesUsage(field(response, 'usage'));
        if (usage) yield { type: 'usage', usage };
        yield { type: 'finish', reason: responsesFinish(response, called, refused) };
        return;
      }
      case 'response.failed': {
        const error = field(field(event, 'response'), 'error');
        throw new ProviderError(
          `the upstream response failed: ${quote(stringOr(field(error, 'message'), 'no message'))}`,
        );
      }
    }
  }
  throw new ProviderError('the stream ended before response.completed');
}

function pending(item: Item | undefined): string {
  return item && item.arguments !== '' ? item.arguments : '{}';
}
