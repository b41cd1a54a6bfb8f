import type { RequestLogLine } from './requestLogLine';

/** One Analytics Engine data point (`writeDataPoint`'s argument). */
export interface AnalyticsPoint {
  readonly indexes: [string];
  readonly blobs: string[];
  readonly doubles: number[];
}

/**
 * The blobs of a point, in order (`blob1` … in SQL): the README's Analytics Engine section
 * documents them, and a test pins this order, since stored points keep the positions they were
 * written with.
 */
export const ANALYTICS_BLOBS = Object.freeze([
  'route',
  'wire',
  'method',
  'key',
  'keySource',
  'upstream',
  'model',
  'turnStatus',
  'stage',
  'enforcement',
  'code',
  'issueCodes',
  'attemptCodes',
  'ruleIds',
  'requestId',
] as const);

/** The doubles of a point, in order (`double1` … in SQL). */
export const ANALYTICS_DOUBLES = Object.freeze([
  'status',
  'attempts',
  'corrections',
  'earlyRejects',
  'earlyRejectAt',
  'inputTokens',
  'outputTokens',
  'reasoningTokens',
  'tokensEstimated',
  'durationMs',
  'turnMs',
  'keyLookupMs',
  'findings',
  'toolSteps',
  'stream',
  'refused',
  'completed',
  'toolBudgetExhausted',
] as const);

// Analytics Engine's limits: 20 blobs, 20 doubles, one index of at most 96 bytes, 16 KB of blobs
// in all (5120 before mid-2025: kept under that). A blob is cut well inside them.
const MAX_BLOB = 256;

/**
 * A request's log line as one Analytics Engine data point with the same figures: the key's name as
 * the index (the sampling key, so one noisy client does not drown the others), names and codes as
 * blobs (lists comma-separated), figures as doubles (`null` as -1, booleans as 0 or 1).
 */
export function analyticsPoint(line: RequestLogLine): AnalyticsPoint {
  const figures: Record<(typeof ANALYTICS_DOUBLES)[number], number | boolean | null> = {
    status: line.status,
    attempts: line.attempts,
    corrections: line.corrections,
    earlyRejects: line.earlyRejects,
    earlyRejectAt: line.earlyRejectAt,
    inputTokens: line.inputTokens,
    outputTokens: line.outputTokens,
    reasoningTokens: line.reasoningTokens,
    tokensEstimated: line.tokensEstimated,
    durationMs: line.durationMs,
    turnMs: line.turnMs,
    keyLookupMs: line.keyLookupMs,
    findings: line.findings,
    toolSteps: line.toolSteps,
    stream: line.stream,
    refused: line.turnStatus === 'validation_failed',
    completed: line.turnStatus === 'completed',
    toolBudgetExhausted: line.toolBudgetExhausted,
  };
  return {
    indexes: [(line.key ?? '').slice(0, 64)],
    blobs: ANALYTICS_BLOBS.map((name) => {
      const value = line[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return String(text).slice(0, MAX_BLOB);
    }),
    doubles: ANALYTICS_DOUBLES.map((name) => {
      const value = figures[name];
      return value === null ? -1 : typeof value === 'boolean' ? Number(value) : value;
    }),
  };
}
