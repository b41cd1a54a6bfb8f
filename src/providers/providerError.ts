import type { Usage } from '../results/replyResult';

/** What a ProviderError knows of the answer the upstream had begun when the call failed. */
export interface ProviderErrorOptions {
  /**
   * The upstream had begun its answer (a stream broken or malformed after it started, a whole
   * answer that could not be read): the model was generating, so the call is billed.
   */
  readonly answered?: boolean;
  /** The usage the upstream reported before the call failed (a whole answer's usage block). */
  readonly usage?: Usage;
}

/** A provider's failure: an HTTP status, a malformed body, a cut stream. */
export class ProviderError extends Error {
  /** The upstream had begun its answer: the turn counts the call's usage (reported, else estimated). */
  readonly answered: boolean;
  /** The usage the upstream reported before it failed, when it did. */
  readonly usage: Usage | undefined;

  constructor(
    message: string,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
    options: ProviderErrorOptions = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.answered = options.answered === true || options.usage !== undefined;
    this.usage = options.usage;
  }
}
