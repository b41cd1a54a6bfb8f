import type { Wire } from '../turn/wire';
import { anthropicError } from './anthropicError';
import { messageHead, messageObject, undeliverable } from './messagesBody';
import { messagesEvents } from './messagesEvents';
import { readMessagesRequest } from './messagesRequest';

/**
 * The Anthropic Messages API: a `message` whole, or its event stream (`event:` lines, `ping` as
 * the heartbeat). Errors take Anthropic's shape.
 */
export const messagesWire: Wire = {
  errors: anthropicError,
  read: readMessagesRequest,
  answer(_turn, model) {
    const head = messageHead(model);
    return {
      body: (delivery) => messageObject(head, delivery),
      undeliverable,
      ...messagesEvents(head),
    };
  },
};
