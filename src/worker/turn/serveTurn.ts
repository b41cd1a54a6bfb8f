import type { ReplyEvent } from '../../reply/replyEvent';
import type { ReplyResult } from '../../results/replyResult';
import type { PreparedSchema } from '../../schema/preparedSchema';
import { type HttpError, errorResponse } from '../http/httpError';
import { json } from '../http/jsonResponse';
import { badField, hasMediaType, readJsonValue } from '../http/requestBody';
import { verdictHeaders } from '../http/verdictHeaders';
import { wireError } from '../http/wireError';
import { closeRecord, recordOf } from '../logging/requestRecord';
import { prepareClientSchema } from '../schemas/prepareClientSchema';
import type { Config } from '../workerConfig';
import { workerLeaks } from '../workerLeaks';
import { observeTurn } from './observeTurn';
import { type CheckedTurn, startTurn } from './startTurn';
import { turnDelivery } from './turnDelivery';
import { turnStream } from './turnStream';
import { upstreamTools } from './upstreamTools';
import type { Wire } from './wire';
import type { WireTurn } from './wireTurn';

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
};

/**
 * Serves one turn in one API's wire format; what lies below the route is the same for every API.
 * A request is refused in the API's own error shape before any event: a wrong content type (415),
 * a body over the limit (413, from Content-Length before it is read), a body that is not strict
 * JSON or not this API's request (400 naming the field), a client schema that does not compile,
 * tools the upstream cannot take. Then the core runs the turn. A whole answer carries the verdict
 * in its body and in `x-replyguard-*` headers; a stream starts at once and releases the reply
 * only after validation, ending with the API's error event when the turn fails.
 */
export async function serveTurn<TTurn extends WireTurn>(
  request: Request,
  config: Config,
  cors: Record<string, string>,
  wire: Wire<TTurn>,
): Promise<Response> {
  const exits = { leaks: workerLeaks(config), toolCalls: config.toolCallLeaks };
  const record = recordOf(request);
  const refuse = (error: HttpError, headers: Record<string, string> = cors) => {
    if (record) record.code = error.code;
    return errorResponse(wire.errors, wireError(error, exits.leaks), headers);
  };
  if (!hasMediaType(request, 'application/json'))
    return refuse({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'send application/json',
    });
  const body = await readJsonValue(request, config.maxBodyBytes);
  if (!body.ok) return refuse(body.error);
  const read = wire.read(body.value);
  if (!read.ok) return refuse(read.error);
  const turn = read.turn;
  const checked = await checkTurn(turn, config);
  if (!checked.ok) return refuse(checked.error);

  // A model the caller may use picks the upstream model; any other name is only echoed back.
  const turnConfig =
    turn.model !== undefined && config.models.includes(turn.model)
      ? { ...config, upstreamModel: turn.model }
      : config;
  const started = startTurn(request, turnConfig, turn, checked);
  const { events, stop } = observeTurn(started, record, {
    upstream: config.provider ? 'custom' : config.upstreamKind,
    model: turnConfig.upstreamModel,
    stream: turn.stream,
  });
  const answer = wire.answer(turn, turn.model ?? turnConfig.upstreamModel);
  if (turn.stream) {
    const progress = turn.replyguard.progress === true;
    // The request's line goes out when the stream ends (stop), with the turn's verdict.
    if (record) record.deferred = true;
    const end = () => {
      stop();
      closeRecord(record);
    };
    return new Response(
      turnStream(events, answer, {
        progress,
        stop: end,
        exits,
        failed: (code) => {
          if (record) record.code = code;
        },
      }),
      {
        headers: { ...SSE_HEADERS, ...cors },
      },
    );
  }
  try {
    const result = await finalResult(events);
    const delivery = turnDelivery(result, exits);
    const headers = { ...cors, ...verdictHeaders(delivery.verdict) };
    if (delivery.kind === 'error') return refuse(delivery, headers);
    const cannot = answer.undeliverable?.(delivery);
    if (cannot) return refuse(cannot, headers);
    return json(answer.body(delivery), 200, headers);
  } finally {
    stop();
  }
}

/**
 * What every API refuses alike; the tools in the upstream's format and the client's schema made
 * ready, which the turn uses as they are.
 */
async function checkTurn(
  turn: WireTurn,
  config: Config,
): Promise<({ ok: true } & CheckedTurn) | { ok: false; error: HttpError }> {
  const options = turn.replyguard;
  if (options.progress && !turn.stream)
    return { ok: false, error: badField('replyguard.progress', 'needs stream: true') };
  if (options.progress && !config.progress)
    return {
      ok: false,
      error: {
        ...badField('replyguard.progress', 'progress events are off for this key'),
        status: 403,
        code: 'PROGRESS_DISABLED',
      },
    };
  if (!turn.format && (options.maxRetries !== undefined || options.onExhausted !== undefined)) {
    const field =
      options.maxRetries !== undefined ? 'replyguard.maxRetries' : 'replyguard.onExhausted';
    return {
      ok: false,
      error: badField(
        field,
        'replyguard.maxRetries and replyguard.onExhausted apply to a client json_schema only',
      ),
    };
  }
  let preparedSchema: PreparedSchema | undefined;
  if (turn.format) {
    // Refused before any upstream call: a schema that does not compile.
    const prepared = await prepareClientSchema(turn.format.schema, { field: turn.format.field });
    if (!prepared.ok) return prepared;
    preparedSchema = prepared.schema;
  }
  const prepared = preparedSchema ? { preparedSchema } : {};
  if (!turn.tools || turn.tools.length === 0) return { ok: true, ...prepared };
  // A provider given in code takes the tools as the chat format has them.
  const tools = config.provider ? turn.tools : upstreamTools(config.upstreamKind, turn.tools);
  if (typeof tools !== 'string') return { ok: true, tools, ...prepared };
  const [where = '', why = tools] = tools.split(/: (.*)/s);
  const index = where.split('.')[1] ?? '';
  return { ok: false, error: badField(`${turn.toolsField ?? 'tools'}.${index}`, why) };
}

/** Runs the turn to its one `final` event. */
async function finalResult(events: AsyncIterator<ReplyEvent>): Promise<ReplyResult<unknown>> {
  for (;;) {
    const next = await events.next();
    if (next.done) throw new Error('the turn ended without a final result');
    if (next.value.type === 'final') return next.value.result;
  }
}
