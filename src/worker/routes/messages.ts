import { messagesWire } from '../messages/messagesWire';
import { serveTurn } from '../turn/serveTurn';
import type { Config } from '../workerConfig';

/**
 * `POST /v1/messages`: the Anthropic Messages API. `system` and `messages` (content blocks) go to
 * the upstream with the segment schema, or the client's `output_config.format` json_schema; the
 * reply is enforced and answered as a `message` whose text block holds the validated reply as
 * JSON text (or the failure notice), with `replyguard`. Custom tools pass through as `tool_use`
 * blocks and come back as `tool_result` blocks. With `stream: true` the Messages events are
 * released only after validation. The key is taken as `x-api-key` or `Authorization: Bearer`.
 */
export function handleMessages(
  request: Request,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  return serveTurn(request, config, cors, messagesWire);
}
