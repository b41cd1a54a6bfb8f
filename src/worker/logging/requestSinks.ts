import type { RequestLogLine } from './requestLogLine';

/** Cloudflare's Analytics Engine dataset binding (`analytics_engine_datasets`), or its stand-in. */
export interface AnalyticsDataset {
  writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void;
}

/** Where a request's line and point go: a log sink (`console.log` in the Worker) and a dataset. */
export interface RequestSinks {
  readonly log?: ((line: RequestLogLine) => void) | undefined;
  readonly analytics?: AnalyticsDataset | undefined;
}
