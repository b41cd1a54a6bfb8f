import { responsesWire } from '../responses/responsesWire';
import { serveTurn } from '../turn/serveTurn';
import type { Config } from '../workerConfig';

/**
 * `POST /v1/responses`: the OpenAI Responses API. `input` (a string or items) and `instructions`
 * go to the upstream with the segment schema, or the client's `text.format` json_schema; the
 * reply is enforced and answered as a `response` whose `message` item holds the validated reply
 * as JSON text (or the failure notice), with `output_text` and `replyguard`. Function tools pass
 * through as `function_call` items and come back as `function_call_output` items. With
 * `stream: true` the Responses events are released only after validation.
 */
export function handleResponses(
  request: Request,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  return serveTurn(request, config, cors, responsesWire);
}
