import { ProviderError } from './providerError';

/** The most characters of a provider's failure message (`…` aside): an upstream's quote is short. */
export const PROVIDER_MESSAGE_MAX = 150;
/** Headers whose values are credentials: their values are the provider's secrets too. */
const CREDENTIAL_HEADER = /auth|key|token|secret|password|cookie/i;

/** What a provider can be given as whom it calls: its key and its own headers. */
export interface ProviderCredentials {
  readonly apiKey?: string | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The provider's own secrets, for the scanner as literals: its API key and each word of the
 * value of a credential header (`Authorization: Bearer <key>` gives the key).
 */
export function providerSecrets(options: ProviderCredentials): readonly string[] {
  const secrets = new Set<string>();
  if (options.apiKey) secrets.add(options.apiKey);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!CREDENTIAL_HEADER.test(name) || typeof value !== 'string') continue;
    for (const word of value.split(/\s+/)) if (word.length >= 8) secrets.add(word);
  }
  return [...secrets];
}

/**
 * A failed call as it leaves the provider: a ProviderError (its status kept) whose message is
 * masked — the provider's own key a literal, so an upstream's "Incorrect API key provided: <key>"
 * hands on no part of it — then shortened (`quoteOutbound`). The masking loads on the first
 * failure (a lazy chunk: a provider factory stays small); should it not load, the message says
 * what failed and quotes nothing. An abort of the caller's signal passes as it is.
 */
export async function providerFailure(
  error: unknown,
  signal: AbortSignal,
  secrets: readonly string[],
): Promise<unknown> {
  if (signal.aborted) return error;
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ProviderError ? error.status : undefined;
  let quoted: string;
  try {
    const { quoteOutboundOf } = await import('../leaks/quoteOutboundOf');
    quoted = quoteOutboundOf(message, { max: PROVIDER_MESSAGE_MAX, leaks: { literals: secrets } });
  } catch {
    quoted = `the upstream call failed${status === undefined ? '' : ` (${status})`}; its message is withheld: the leak scanner could not be loaded`;
  }
  return new ProviderError(quoted, status);
}
