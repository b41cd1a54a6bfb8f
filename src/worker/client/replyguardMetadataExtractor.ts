import { replyguardVerdict } from './replyguardVerdict';

/** A JSON value, as provider metadata holds it. */
export type JsonValue =
  null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

/** Provider metadata: `{ replyguard: verdict }`. */
export type ReplyguardMetadata = Record<string, Record<string, JsonValue>>;

/**
 * A `metadataExtractor` for the AI SDK's OpenAI-compatible provider
 * (`createOpenAICompatible({ metadataExtractor })`, AI SDK 6 and 7): it finds the verdict in the
 * Worker's chat completion, or in the chunk of a stream that carries it, and returns it as
 * `providerMetadata.replyguard`, where `generateText()` and `await streamText().providerMetadata`
 * show it. Read it typed with `replyguardVerdict(providerMetadata)`.
 *
 * @example
 * const worker = createOpenAICompatible({ name: 'replyguard', baseURL, metadataExtractor: replyguardMetadataExtractor });
 * const result = streamText({ model: worker.chatModel('any'), prompt });
 * const verdict = replyguardVerdict(await result.providerMetadata);
 */
export const replyguardMetadataExtractor = Object.freeze({
  extractMetadata({
    parsedBody,
  }: {
    parsedBody: unknown;
  }): Promise<ReplyguardMetadata | undefined> {
    return Promise.resolve(asMetadata(parsedBody));
  },
  createStreamExtractor(): {
    processChunk(parsedChunk: unknown): void;
    buildMetadata(): ReplyguardMetadata | undefined;
  } {
    let found: ReplyguardMetadata | undefined;
    return {
      processChunk(parsedChunk) {
        found = asMetadata(parsedChunk) ?? found;
      },
      buildMetadata: () => found,
    };
  },
});

function asMetadata(answer: unknown): ReplyguardMetadata | undefined {
  const verdict = replyguardVerdict(answer);
  // A plain JSON copy: the verdict is JSON already; the copy gives it the metadata's JSON type.
  return verdict
    ? { replyguard: JSON.parse(JSON.stringify(verdict)) as Record<string, JsonValue> }
    : undefined;
}
