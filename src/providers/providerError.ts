/** A provider's failure: an HTTP status, a malformed body, a cut stream. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** The upstream HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
