// What a check costs inside workerd, the runtime of Cloudflare Workers.
// workerd freezes its clocks during execution (a Spectre defence), so code cannot time itself
// there; two measurements from outside instead:
// - the Worker itself: POST /v1/check, wall time through Miniflare on loopback minus the median
//   of GET /healthz (the transport). An upper bound; the Worker has no knob to repeat a check.
// - CPU by differencing: a harness Worker bundling the same built core answers
//   POST /?n=N by running checkReply N times on the body. (T(N) − T(1)) / (N − 1) is the cost of
//   one check with transport, body reading and response cancelled out.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';

/** The CPU a request may use on the Workers free plan. */
export const FREE_PLAN_CPU_MS = 10;

/** A reply to send: its label and text. */
export interface WorkerReply {
  readonly label: string;
  readonly text: string;
}

/** One row: the median (and for the Worker route, p95) in ms. */
export interface WorkerCost {
  readonly label: string;
  readonly bytes: number;
  readonly medianMs: number;
  readonly p95Ms?: number;
  /** For the Worker route: the fastest request minus the fastest transport (steadier under load). */
  readonly minMs?: number;
  readonly status: number | string;
  /** For differencing: the number of checks the long request ran. */
  readonly repeats?: number;
}

const root = fileURLToPath(new URL('../', import.meta.url));

/** The part of a response these timings read (Miniflare's Response type is its own). */
interface Answer {
  readonly status: number;
  text(): Promise<string>;
}

async function timeRequests(
  samples: number,
  request: () => Promise<Answer>,
): Promise<{ min: number; median: number; p95: number; status: number; body: string }> {
  const times: number[] = [];
  let status = 0;
  let body = '';
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    const response = await request();
    body = await response.text();
    times.push(performance.now() - start);
    status = response.status;
  }
  times.sort((a, b) => a - b);
  return {
    min: times[0]!,
    median: times[times.length >> 1]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    status,
    body,
  };
}

/** POST /v1/check of the real Worker (worker/dist/worker.js): wall time minus transport. */
export async function workerRouteCost(
  replies: readonly WorkerReply[],
  samples = 40,
): Promise<WorkerCost[]> {
  const script = readFileSync(`${root}worker/dist/worker.js`, 'utf8');
  const mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01' });
  try {
    const transport = await timeRequests(samples, () =>
      mf.dispatchFetch('http://localhost/healthz'),
    );
    const rows: WorkerCost[] = [];
    for (const { label, text } of replies) {
      const check = await timeRequests(samples, () =>
        mf.dispatchFetch('http://localhost/v1/check', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: text,
        }),
      );
      rows.push({
        label,
        bytes: text.length,
        medianMs: Math.max(0, check.median - transport.median),
        minMs: Math.max(0, check.min - transport.min),
        p95Ms: Math.max(0, check.p95 - transport.median),
        status: check.status,
      });
    }
    return rows;
  } finally {
    await mf.dispose();
  }
}

const HARNESS = `
import { checkReply } from './dist/index.js';
export default {
  async fetch(request) {
    const n = Number(new URL(request.url).searchParams.get('n') ?? '1');
    const text = await request.text();
    let status = '';
    for (let i = 0; i < n; i++) status = (await checkReply(text)).status;
    return new Response(status);
  },
};
`;

/**
 * The CPU of one checkReply inside workerd, by differencing a request that runs it N times
 * against one that runs it once (N chosen so the long request takes about `targetMs`).
 */
export async function workerCpuByDifference(
  replies: readonly WorkerReply[],
  targetMs = 100,
  rounds = 5,
): Promise<WorkerCost[]> {
  const bundled = await build({
    stdin: { contents: HARNESS, resolveDir: root },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const mf = new Miniflare({
    modules: true,
    script: bundled.outputFiles[0]!.text,
    compatibilityDate: '2025-01-01',
  });
  try {
    const rows: WorkerCost[] = [];
    for (const { label, text } of replies) {
      const post = (n: number) => () =>
        mf.dispatchFetch(`http://localhost/?n=${n}`, { method: 'POST', body: text });
      // Calibrate: a rough cost of one check (a request that runs none against one that runs
      // one), then N so that the long request takes about targetMs.
      const none = await timeRequests(3, post(0));
      const once = await timeRequests(3, post(1));
      const rough = Math.max(0.05, once.median - none.median);
      const repeats = Math.min(300, Math.max(4, Math.round(targetMs / rough)));
      const singles: number[] = [];
      const longs: number[] = [];
      let status = once.body;
      // Alternate short and long requests, so a burst of load hits both alike.
      for (let i = 0; i < rounds; i++) {
        singles.push((await timeRequests(1, post(1))).median);
        const long = await timeRequests(1, post(repeats));
        longs.push(long.median);
        status = long.body;
      }
      const median = (list: number[]) => list.sort((a, b) => a - b)[list.length >> 1]!;
      rows.push({
        label,
        bytes: text.length,
        medianMs: Math.max(0, (median(longs) - median(singles)) / (repeats - 1)),
        status,
        repeats,
      });
    }
    return rows;
  } finally {
    await mf.dispose();
  }
}

/** Prints both tables. */
export function printWorkerCosts(route: readonly WorkerCost[], cpu: readonly WorkerCost[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
  console.log(
    '\n## POST /v1/check in the Worker under workerd (wall time minus transport: an upper bound on CPU)',
  );
  console.log(
    'The Worker has no knob to repeat a check, so this is what one request measures; its body limit is 256 KiB.',
  );
  for (const row of route) {
    console.log(
      `${row.label.padEnd(12)} ${kb(row.bytes)}  HTTP ${row.status}  fastest ${row.minMs!.toFixed(2)} ms, median ${row.medianMs.toFixed(2)} ms, p95 ${row.p95Ms!.toFixed(2)} ms`,
    );
  }
  console.log(
    `\n## checkReply CPU inside workerd, by differencing (one request runs it N times, one runs it once; budget ${FREE_PLAN_CPU_MS} ms)`,
  );
  for (const row of cpu) {
    const verdict =
      row.medianMs <= FREE_PLAN_CPU_MS
        ? `${(FREE_PLAN_CPU_MS / Math.max(row.medianMs, 0.001)).toFixed(1)}× inside`
        : `${(row.medianMs / FREE_PLAN_CPU_MS).toFixed(1)}× OVER`;
    console.log(
      `${row.label.padEnd(12)} ${kb(row.bytes)}  ${String(row.status).padEnd(17)} ${row.medianMs.toFixed(2).padStart(7)} ms per check (N=${row.repeats})  → ${verdict} the free-plan CPU budget`,
    );
  }
}
