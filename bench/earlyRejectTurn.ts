// Early reject in a whole turn, as a user sees it: a local OpenAI-compatible upstream on
// 127.0.0.1 streams a reply at a fixed rate; the reply turns invalid (a numeric mention id) at
// 10 %, 50 % or 90 % of its length. Measured: the wall time until the correction starts (the
// turn's second `attempt` event), the characters the upstream had written when its connection
// closed, against the time the same stream takes to be read to its end (what a check after the
// whole reply would wait for).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as Core from '../src/index';

/** The stream's pace: `chunk` characters every `everyMs` milliseconds. */
export interface Pace {
  readonly chunk: number;
  readonly everyMs: number;
}

/** One row of the measurement. */
export interface EarlyRejectRow {
  readonly at: number;
  readonly length: number;
  /** Where the violation starts. */
  readonly violation: number;
  /** Characters the upstream wrote before the connection closed. */
  readonly written: number;
  readonly toCorrectionMs: number;
  readonly wholeStreamMs: number;
}

/** A reply that turns invalid at `at` (0..1): the first mention target from there on becomes a number. */
export function breakAt(reply: string, at: number): { text: string; violation: number } {
  const cut = reply.indexOf('"target":"', Math.floor(reply.length * at));
  const end = reply.indexOf('"', cut + 10) + 1;
  return {
    text: `${reply.slice(0, cut)}"target":${reply.slice(cut + 10, end - 1)}${reply.slice(end)}`,
    violation: cut,
  };
}

/** Measures early reject through `openAiChatProvider` of the built core `core`. */
export async function measureEarlyReject(
  core: typeof Core,
  reply: string,
  pace: Pace,
  positions: readonly number[],
): Promise<EarlyRejectRow[]> {
  let broken = '';
  let writtenAtClose = 0;
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    // A turn's correction (sent to /correction/...) gets the valid reply; every other call the broken one.
    const correction = request.url?.startsWith('/correction') === true;
    const text = correction ? reply : broken;
    const frame = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    let at = 0;
    const timer = setInterval(() => {
      if (at >= text.length) {
        clearInterval(timer);
        response.end(`${frame({}, 'stop')}data: [DONE]\n\n`);
        return;
      }
      response.write(frame({ content: text.slice(at, at + pace.chunk) }));
      at = Math.min(at + pace.chunk, text.length);
    }, pace.everyMs);
    response.on('close', () => {
      clearInterval(timer);
      if (!correction) writtenAtClose = at;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const messages = [{ role: 'user' as const, content: 'hi' }];
  const rows: EarlyRejectRow[] = [];
  try {
    for (const at of positions) {
      const cut = breakAt(reply, at);
      broken = cut.text;
      // Waiting for the whole reply: the same stream read to its end.
      const whole = core.openAiChatProvider({ baseUrl, model: 'bench' });
      const wholeStarted = performance.now();
      for await (const event of whole.stream!(
        { system: '', messages },
        { signal: new AbortController().signal },
      ))
        void event;
      const wholeStreamMs = performance.now() - wholeStarted;
      // The turn: its second model call (the correction) goes to /correction/v1/...
      let calls = 0;
      const routed: typeof fetch = (input, init) =>
        fetch(
          calls++ === 0
            ? input
            : urlOf(input).replace(baseUrl, baseUrl.replace('/v1', '/correction/v1')),
          init,
        );
      const provider = core.openAiChatProvider({ baseUrl, model: 'bench', fetch: routed });
      const started = performance.now();
      let toCorrectionMs = Number.NaN;
      for await (const event of core.streamReply({ provider, messages })) {
        if (event.type === 'attempt' && event.stage === 'correction')
          toCorrectionMs = performance.now() - started;
        if (event.type === 'final' && event.result.status !== 'completed')
          throw new Error(`the bench turn ended ${event.result.status}`);
      }
      rows.push({
        at,
        length: cut.text.length,
        violation: cut.violation,
        written: writtenAtClose,
        toCorrectionMs,
        wholeStreamMs,
      });
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return rows;
}

function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}
