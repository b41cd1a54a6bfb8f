// The per-request cost of POST /v1/check inside workerd, for 4 KB and 32 KB replies.
// workerd freezes its clocks during execution (a Spectre defence), so the Worker cannot time
// itself: this measures the wall time of each request through Miniflare on loopback, minus the
// median of a trivial /healthz request (the transport). That is an upper bound on the CPU a
// request uses, compared with the 10 ms CPU budget of the Workers free plan.
import { readFileSync } from 'node:fs';
import { Miniflare } from 'miniflare';
import { segmentReply } from './replies';

const FREE_PLAN_CPU_MS = 10;
const RUNS = 300;

export async function workerdCheckCost(): Promise<{ size: number; bytes: number; medianMs: number; p95Ms: number }[]> {
  const script = readFileSync(new URL('../worker/dist/worker.js', import.meta.url), 'utf8');
  const mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01' });
  try {
    const time = async (request: () => Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>) => {
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const response = await request();
        await response.arrayBuffer();
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      return { median: samples[samples.length >> 1]!, p95: samples[Math.floor(samples.length * 0.95)]! };
    };
    const transport = await time(() => mf.dispatchFetch('http://localhost/healthz'));
    const rows = [];
    for (const size of [4096, 32768]) {
      const body = segmentReply(size);
      const check = await time(() => mf.dispatchFetch('http://localhost/v1/check', { method: 'POST', headers: { 'content-type': 'text/plain' }, body }));
      rows.push({ size, bytes: body.length, medianMs: Math.max(0, check.median - transport.median), p95Ms: Math.max(0, check.p95 - transport.median) });
    }
    return rows;
  } finally {
    await mf.dispose();
  }
}

export function printWorkerdCost(rows: Awaited<ReturnType<typeof workerdCheckCost>>): void {
  console.log('\n## POST /v1/check inside workerd (wall time minus transport: an upper bound on CPU)');
  for (const row of rows) {
    console.log(`${(row.bytes / 1024).toFixed(1)} KB reply: median ${row.medianMs.toFixed(2)} ms, p95 ${row.p95Ms.toFixed(2)} ms → ${(FREE_PLAN_CPU_MS / Math.max(row.medianMs, 0.001)).toFixed(1)}× inside the ${FREE_PLAN_CPU_MS} ms free-plan CPU budget`);
  }
}
