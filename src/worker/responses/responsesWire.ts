import { openAiError } from '../http/openAiError';
import type { Wire } from '../turn/wire';
import { outputItems, responseHead, responseObject } from './responsesBody';
import { responsesEvents } from './responsesEvents';
import { type ResponsesTurn, readResponsesRequest } from './responsesRequest';

/**
 * The OpenAI Responses API: a `response` object whole, or its event stream (`event:` lines,
 * numbered events, SSE comments as heartbeats). Errors take OpenAI's shape.
 */
export const responsesWire: Wire<ResponsesTurn> = {
  errors: openAiError,
  read: readResponsesRequest,
  answer(turn, model) {
    const head = responseHead(model, turn.request);
    const events = responsesEvents(head);
    return {
      body: (delivery) =>
        responseObject(head, {
          status: 'completed',
          output: outputItems(delivery),
          usage: delivery.usage,
          verdict: delivery.verdict,
        }),
      heartbeat: () => ': keep-alive\n\n',
      ...events,
    };
  },
};
