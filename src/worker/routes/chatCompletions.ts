import { chatWire } from '../chat/chatWire';
import { serveTurn } from '../turn/serveTurn';
import type { Config } from '../workerConfig';

/**
 * `POST /v1/chat/completions`: OpenAI-compatible. The conversation goes to the upstream (always
 * streamed, so an early reject cancels it) with the segment schema, or the client's own
 * `json_schema`; the reply is enforced and answered as a chat completion whose content is the
 * validated reply as JSON text, or the failure notice. Tool calls pass through. With `stream: true`
 * the same content comes as `chat.completion.chunk` frames, released only after validation; the
 * stream starts at once, so a turn that fails after it started ends with an `error` frame.
 */
export function handleChatCompletions(
  request: Request,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  return serveTurn(request, config, cors, chatWire);
}
