import { openAiError } from '../http/openAiError';
import type { Wire } from '../turn/wire';
import {
  DONE,
  completionBody,
  completionHead,
  deliveryFrames,
  errorFrame,
  progressFrame,
} from './chatFrames';
import { type ChatTurn, readChatRequest } from './chatRequest';

const HEARTBEAT = ': keep-alive\n\n';

/**
 * OpenAI chat completions: `chat.completion` bodies and `chat.completion.chunk` frames. A stream
 * opens with nothing but heartbeats (SSE comments), progress rides on chunks with `choices: []`,
 * and a failure after the stream opened is a `data: {"error": …}` frame, which OpenAI clients
 * raise as an API error.
 */
export const chatWire: Wire<ChatTurn> = {
  errors: openAiError,
  read: readChatRequest,
  answer(turn, model) {
    const head = completionHead(model);
    return {
      body: (delivery) => completionBody(head, delivery),
      open: () => '',
      heartbeat: () => HEARTBEAT,
      progress: (event) => progressFrame(head, event),
      reply: (delivery) => deliveryFrames(head, delivery, turn.includeUsage),
      fail: (error) => errorFrame(error.status, error.code, error.message, error.details) + DONE,
    };
  },
};
