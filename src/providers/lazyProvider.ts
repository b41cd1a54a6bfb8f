import type { Enforcement } from '../results/replyResult';
import type { ModelAnswer, ModelProvider, ModelRequest, ModelStreamEvent } from './modelProvider';
import { type ProviderCredentials, providerFailure, providerSecrets } from './providerFailure';
import type { StreamOptions } from './streamOptions';

/**
 * A provider's wire work — the HTTP call, its answer and stream readers, the SSE framing — for
 * the options its factory was given and the request body the factory wrote. It is a module of its
 * own, loaded on the first call.
 */
export interface ProviderTransport<TOptions> {
  generate(
    options: TOptions,
    request: ModelRequest,
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ModelAnswer>;
  stream(
    options: TOptions,
    request: ModelRequest,
    body: Record<string, unknown>,
    signal: AbortSignal,
  ): AsyncIterable<ModelStreamEvent>;
}

/** What a factory says of its provider: its name, how it enforces the schema, its request body. */
export interface ProviderIdentity {
  readonly name: string;
  readonly enforcement: Enforcement;
  /**
   * The request body of a call (the transport adds what streaming needs). Written by the factory,
   * not the transport: it uses the schema helpers the core entry exports, which a transport chunk
   * (self-contained, see tsup.config.ts) would otherwise carry a second copy of.
   */
  body(request: ModelRequest): Record<string, unknown>;
}

/**
 * A provider whose transport loads on its first call (a lazy chunk): the factory stays small and
 * synchronous, and a page that never calls a model never loads a wire reader. A transport that
 * cannot be loaded fails the call like any other failure of it (the turn reports MODEL_FAILED).
 * With `streaming: false` the provider has no `stream()` and is called whole. Every failure
 * leaves as a ProviderError whose message is masked, the provider's own key a literal, then
 * shortened (see `providerFailure`): the transports quote the upstream's text unshortened.
 */
export function lazyProvider<TOptions extends StreamOptions & ProviderCredentials>(
  identity: ProviderIdentity,
  options: TOptions,
  load: () => Promise<ProviderTransport<TOptions>>,
): ModelProvider {
  const secrets = providerSecrets(options);
  const whole: ModelProvider = {
    name: identity.name,
    enforcement: identity.enforcement,
    async generate(request, { signal }) {
      try {
        const body = identity.body(request);
        return await (await load()).generate(options, request, body, signal);
      } catch (error) {
        throw await providerFailure(error, signal, secrets);
      }
    },
  };
  if (options.streaming === false) return whole;
  return {
    ...whole,
    async *stream(request, { signal }) {
      try {
        const body = identity.body(request);
        yield* (await load()).stream(options, request, body, signal);
      } catch (error) {
        throw await providerFailure(error, signal, secrets);
      }
    },
  };
}
