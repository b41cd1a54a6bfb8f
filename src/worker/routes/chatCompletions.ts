import * as v from 'valibot';
import type { StreamReplyOptions } from '../../reply/turnOptions';
import type { ReplyEvent } from '../../reply/replyEvent';
import type { ReplyResult } from '../../results/replyResult';
import { chatDelivery } from '../chat/chatDelivery';
import { completionBody, completionHead } from '../chat/chatFrames';
import { ChatRequestSchema, chatTurn } from '../chat/chatRequest';
import { chatStream } from '../chat/chatStream';
import { upstreamTools } from '../chat/upstreamTools';
import { prepareSchema, streamReply } from '../core';
import { json, jsonError } from '../http/jsonResponse';
import { badRequest, hasMediaType, invalidField, readJsonBody } from '../http/requestBody';
import { upstreamProvider } from '../upstreamProvider';
import type { Config } from '../workerConfig';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/**
 * `POST /v1/chat/completions`: OpenAI-compatible. The conversation goes to the upstream (always
 * streamed, so an early reject cancels it) with the segment schema, or the client's own
 * `json_schema`; the reply is enforced and answered as a chat completion whose content is the
 * validated reply as JSON text, or the failure notice. Tool calls pass through. With `stream: true`
 * the same content comes as `chat.completion.chunk` frames, released only after validation; the
 * stream starts at once, so a turn that fails after it started ends with an `error` frame.
 */
export async function handleChatCompletions(
  request: Request,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  if (!hasMediaType(request, 'application/json'))
    return jsonError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send application/json', cors);
  const body = await readJsonBody(request, config.maxBodyBytes, cors);
  if (!body.ok) return body.response;
  const parsed = v.safeParse(ChatRequestSchema, body.value);
  if (!parsed.success)
    return invalidField('the request is not a chat completions request', parsed.issues, cors);
  const input = parsed.output;
  const turn = chatTurn(input);
  if (typeof turn === 'string')
    return badRequest(
      turn,
      cors,
      turn.startsWith('messages.') ? { field: turn.split(':')[0] } : {},
    );
  const options = input.replyguard ?? {};
  if (options.progress && !input.stream)
    return badRequest('replyguard.progress needs stream: true', cors, {
      field: 'replyguard.progress',
    });

  const format =
    input.response_format?.type === 'json_schema' ? input.response_format.json_schema : undefined;
  if (!format && (options.maxRetries !== undefined || options.onExhausted !== undefined)) {
    return badRequest(
      'replyguard.maxRetries and replyguard.onExhausted apply to a json_schema response_format only',
      cors,
      {
        field:
          options.maxRetries !== undefined ? 'replyguard.maxRetries' : 'replyguard.onExhausted',
      },
    );
  }
  if (format) {
    // Refused before any upstream call: a schema that does not compile.
    const prepared = await prepareSchema(format.schema);
    if (!prepared.ok)
      return jsonError(
        400,
        'SCHEMA_MALFORMED',
        prepared.issues[0]?.message ?? 'the schema does not compile',
        cors,
        { field: 'response_format.json_schema.schema', issues: prepared.issues },
      );
  }

  const tools =
    turn.tools && !config.provider ? upstreamTools(config.upstreamKind, turn.tools) : turn.tools;
  if (typeof tools === 'string') return badRequest(tools, cors, { field: tools.split(':')[0] });

  const abort = new AbortController();
  const onClientGone = () => abort.abort(request.signal.reason);
  if (request.signal.aborted) onClientGone();
  else request.signal.addEventListener('abort', onClientGone, { once: true });
  const mentions =
    options.mentions === undefined
      ? undefined
      : Array.isArray(options.mentions)
        ? { allowed: options.mentions }
        : options.mentions;
  const turnOptions: StreamReplyOptions = {
    provider: config.provider ?? upstreamProvider(config),
    system: turn.system,
    messages: turn.messages,
    tools,
    mentions,
    failureNotice: options.failure_notice ?? options.failureNotice ?? config.failureNotice,
    timeoutMs: config.upstreamTimeoutMs,
    signal: abort.signal,
    // Progress frames carry the reply read so far, made safe by the core.
    streamProgress: options.progress === true,
    ...(format
      ? {
          schema: format.schema,
          name: format.name,
          description: format.description,
          maxRetries: options.maxRetries,
          onExhausted: options.onExhausted,
        }
      : {}),
  };
  const events = streamReply(turnOptions)[Symbol.asyncIterator]();
  const head = completionHead(input.model ?? config.upstreamModel);
  const stop = () => {
    request.signal.removeEventListener('abort', onClientGone);
    if (!abort.signal.aborted) abort.abort();
    void events.return?.(undefined)?.catch?.(() => undefined);
  };

  if (input.stream) {
    const frames = chatStream(events, head, {
      progress: options.progress === true,
      includeUsage: input.stream_options?.include_usage === true,
      stop,
    });
    return new Response(frames, { headers: { ...SSE_HEADERS, ...cors } });
  }
  try {
    const delivery = chatDelivery(await finalResult(events));
    if (delivery.kind === 'error')
      return jsonError(delivery.status, delivery.code, delivery.message, cors, delivery.details);
    return json(completionBody(head, delivery), 200, cors);
  } finally {
    stop();
  }
}

/** Runs the turn to its one `final` event. */
async function finalResult(events: AsyncIterator<ReplyEvent>): Promise<ReplyResult<unknown>> {
  for (;;) {
    const next = await events.next();
    if (next.done) throw new Error('the turn ended without a final result');
    if (next.value.type === 'final') return next.value.result;
  }
}
