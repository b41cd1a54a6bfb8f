/** Streaming options every provider takes. */
export interface StreamOptions {
  /**
   * Milliseconds without a byte from the upstream (the headers included) before a streamed call
   * fails as stalled. Default 30,000; raise it for models that think silently before writing.
   */
  readonly stallTimeoutMs?: number | undefined;
  /**
   * `false` calls the upstream whole, never streamed (the provider then has no `stream()`), for
   * upstreams without server-sent events. Default true: replies are judged while they stream.
   */
  readonly streaming?: boolean | undefined;
}

/** The default stall limit of a streamed call. */
export const DEFAULT_STALL_TIMEOUT_MS = 30_000;
