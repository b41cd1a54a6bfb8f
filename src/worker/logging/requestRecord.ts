import { analyticsPoint } from './analyticsPoint';
import { type RequestFacts, requestLogLine } from './requestLogLine';
import type { RequestSinks } from './requestSinks';

/**
 * What the Worker notes of one API request as it is served, for its one log line and analytics
 * point: only names, codes and figures the Worker chose, never content the request or the model
 * wrote. Filled by the handler, the access check and the turn; emitted once by {@link closeRecord}.
 */
export interface RequestRecord extends RequestFacts {
  /** Where the line and the point go (from the configuration, once it is read). */
  sinks?: RequestSinks;
  /** A stream is still running: the line goes out when it ends, not with the response. */
  deferred: boolean;
  closed: boolean;
}

const records = new WeakMap<Request, RequestRecord>();

/** Starts the record of a request. */
export function openRecord(request: Request): RequestRecord {
  const record: RequestRecord = {
    id: crypto.randomUUID(),
    startedAt: Date.now(),
    deferred: false,
    closed: false,
  };
  records.set(request, record);
  return record;
}

/** The record of a request, when the handler opened one. */
export function recordOf(request: Request): RequestRecord | undefined {
  return records.get(request);
}

/**
 * Ends a record: an API route's line goes to the log sink and its point to the dataset, once.
 * A sink that throws costs the request nothing: its line or point is dropped, the answer stands.
 */
export function closeRecord(record: RequestRecord | undefined): void {
  if (!record || record.closed) return;
  record.closed = true;
  const sinks = record.sinks;
  if (record.route === undefined || !sinks || (!sinks.log && !sinks.analytics)) return;
  let line;
  try {
    line = requestLogLine(record, Date.now());
  } catch {
    return;
  }
  try {
    sinks.log?.(line);
  } catch {
    // A log sink that throws loses this line only.
  }
  try {
    sinks.analytics?.writeDataPoint(analyticsPoint(line));
  } catch {
    // Analytics Engine that throws (or refuses the point) loses this point only.
  }
}
