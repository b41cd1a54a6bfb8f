import { createHash } from 'node:crypto';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import type { RequestLogLine } from '../../src/worker/logging/requestLogLine';

// Stand-ins for the Worker's production bindings, for tests that call the handler in Node: a KV
// namespace of client keys, Cloudflare's rate limiter, an Analytics Engine dataset, and a log sink.
// Each records what the Worker asked of it. The same bindings run for real in workerd
// (operatorsWorkerd.test.ts).

export const base = 'http://127.0.0.1:8787';

/** The SHA-256 hex the Worker stores a key under, computed independently of the Worker's code. */
export const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

/** A KV namespace stand-in: `get` by key, with what it was asked; `mode` makes it fail or hang. */
export function keyStore(entries: Record<string, string>) {
  const asked: { key: string; options: unknown }[] = [];
  const store = {
    mode: 'ok' as 'ok' | 'throw' | 'hang',
    asked,
    get(key: string, options: unknown): Promise<string | null> {
      asked.push({ key, options });
      if (store.mode === 'throw') return Promise.reject(new Error('KV is down'));
      if (store.mode === 'hang') return new Promise(() => undefined);
      return Promise.resolve(entries[key] ?? null);
    },
  };
  return store;
}

/** A rate limiter stand-in: lets `allow` requests per key through, records the keys counted. */
export function rateLimiter(allow: number) {
  const counted: string[] = [];
  const limiter = {
    mode: 'ok' as 'ok' | 'throw' | 'hang' | 'odd',
    counted,
    limit({ key }: { key: string }): Promise<{ success: boolean }> {
      if (limiter.mode === 'throw') return Promise.reject(new Error('limiter down'));
      if (limiter.mode === 'hang') return new Promise(() => undefined);
      if (limiter.mode === 'odd') return Promise.resolve({} as { success: boolean });
      counted.push(key);
      return Promise.resolve({ success: counted.filter((seen) => seen === key).length <= allow });
    },
  };
  return limiter;
}

/**
 * An Analytics Engine stand-in that records each point and refuses, as Cloudflare documents, more
 * than 20 blobs or 20 doubles, other than one index, an index over 96 bytes, or over 5120 bytes of
 * blobs (the limit before mid-2025; today's is 16 KB).
 */
export function analyticsDataset() {
  const points: { blobs: string[]; doubles: number[]; indexes: string[] }[] = [];
  const bytes = (text: string) => new TextEncoder().encode(text).byteLength;
  const dataset = {
    mode: 'ok' as 'ok' | 'throw',
    points,
    writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }) {
      if (dataset.mode === 'throw') throw new Error('Analytics Engine is down');
      const { blobs = [], doubles = [], indexes = [] } = point;
      if (blobs.length > 20 || doubles.length > 20 || indexes.length !== 1)
        throw new TypeError('too many fields');
      if (bytes(indexes[0]!) > 96) throw new TypeError('index over 96 bytes');
      if (blobs.reduce((sum, blob) => sum + bytes(blob), 0) > 5120)
        throw new TypeError('blobs over 5120 bytes');
      if (!doubles.every((value) => typeof value === 'number' && Number.isFinite(value)))
        throw new TypeError('a double that is not a finite number');
      points.push({ blobs, doubles, indexes });
    },
  };
  return dataset;
}

/**
 * A handler whose log lines are captured; `env` is merged over the code configuration, which may
 * name more bindings (a key's own rate limiter).
 */
export function loggedHandler(config: HandlerConfig & Record<string, unknown> = {}) {
  const lines: RequestLogLine[] = [];
  const handler = createHandler({ ...config, log: (line) => lines.push(line) });
  const fetch = (path: string, init: RequestInit = {}, env: unknown = {}) =>
    handler.fetch(new Request(`${base}${path}`, init), env);
  return { lines, fetch };
}

/** A JSON POST. */
export const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A chat completions request body. */
export const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'scripted',
  messages: [{ role: 'user', content }],
  ...extra,
});
