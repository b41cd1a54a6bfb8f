import type { ReplyEvent } from '../../reply/replyEvent';
import type { StreamReplyOptions } from '../../reply/turnOptions';
import type { PreparedSchema } from '../../schema/preparedSchema';
import { streamReply } from '../core';
import { upstreamProvider } from '../upstreamProvider';
import type { Config } from '../workerConfig';
import { workerLeaks } from '../workerLeaks';
import type { WireTurn } from './wireTurn';

/** A running turn: its events, and how to end it early. */
export interface StartedTurn {
  readonly events: AsyncIterator<ReplyEvent>;
  /** Ends the turn and its upstream call (idempotent). */
  readonly stop: () => void;
}

/** What the route checked before the turn: the upstream's tools, the client's schema made ready. */
export interface CheckedTurn {
  readonly tools?: readonly unknown[] | undefined;
  readonly preparedSchema?: PreparedSchema | undefined;
}

/**
 * Starts the core's turn for a request: the configured upstream (always streamed, so an early
 * reject cancels it), the client's json_schema or the segment schema, the policies of the
 * `replyguard` field, the Worker's secrets as literals of the leak scanner. A client that goes away (`request.signal`) aborts the turn.
 */
export function startTurn(
  request: Request,
  config: Config,
  turn: WireTurn,
  { tools, preparedSchema }: CheckedTurn,
): StartedTurn {
  const abort = new AbortController();
  const onClientGone = () => abort.abort(request.signal.reason);
  if (request.signal.aborted) onClientGone();
  else request.signal.addEventListener('abort', onClientGone, { once: true });
  const options = turn.replyguard;
  const mentions =
    options.mentions === undefined
      ? undefined
      : Array.isArray(options.mentions)
        ? { allowed: options.mentions }
        : options.mentions;
  const format = turn.format;
  const turnOptions: StreamReplyOptions = {
    provider: config.provider ?? upstreamProvider(config),
    system: turn.system,
    messages: turn.messages,
    tools,
    ...(turn.toolChoice === 'none' ? { toolChoice: 'none' as const } : {}),
    mentions,
    failureNotice: options.failure_notice ?? options.failureNotice ?? config.failureNotice,
    timeoutMs: config.upstreamTimeoutMs,
    // The Worker's own secrets are literals of the scanner: masked in the reply, its issues, its
    // history and its errors, whatever the upstream.
    leaks: workerLeaks(config),
    signal: abort.signal,
    // Progress frames carry the reply read so far, made safe by the core (a streamed turn only).
    streamProgress: options.progress === true && turn.stream,
    ...(format
      ? {
          // Prepared once, by the route's check: the core does not compile it again.
          ...(preparedSchema ? { preparedSchema } : { schema: format.schema }),
          name: format.name,
          description: format.description,
          maxRetries: options.maxRetries,
          onExhausted: options.onExhausted,
        }
      : {}),
  };
  const events = streamReply(turnOptions)[Symbol.asyncIterator]();
  const stop = () => {
    request.signal.removeEventListener('abort', onClientGone);
    if (!abort.signal.aborted) abort.abort();
    void events.return?.(undefined)?.catch?.(() => undefined);
  };
  return { events, stop };
}
