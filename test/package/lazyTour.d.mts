/** What the tour returns in every runtime. */
export declare const TOUR_RESULT: Record<string, unknown>;
/** Runs the lazy chunk tour against the core's public API (as imported or required). */
export declare function lazyTour(lib: unknown): Promise<Record<string, unknown>>;
