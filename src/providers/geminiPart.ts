import type { ToolCall } from '../results/replyResult';
import { quoteSource } from '../leaks/quoteSource';
import { ProviderError } from './providerError';
import { field, stringOr } from './postJson';
import type { KnownParts } from './unknownPartsFailure';

/** What one Gemini content part is, for the answer. */
export type GeminiPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'thought' }
  | { readonly kind: 'call'; readonly call: unknown; readonly signature: string | undefined }
  /**
   * A part of a kind replyguard does not read (`inlineData`, `executableCode`, …): its key, whole
   * (the failure that names it is masked, then shortened, as it leaves the provider).
   */
  | { readonly kind: 'unknown'; readonly name: string }
  /** A part with nothing in it but metadata (a trailing signature, an empty object). */
  | { readonly kind: 'empty' };

/** The Gemini parts {@link readGeminiPart} reads, for `unknownPartsFailure`. */
export const GEMINI_PARTS: KnownParts = Object.freeze({
  by: 'kinds',
  reads: 'text, thought and functionCall parts',
});

// Keys that describe a part rather than hold its content.
const METADATA = new Set(['thought', 'thoughtSignature', 'partMetadata', 'videoMetadata']);

/** Reads one part: text (not a thought), a thought, a `functionCall` (with its signature), or other. */
export function readGeminiPart(part: unknown): GeminiPart {
  if (typeof part !== 'object' || part === null || Array.isArray(part))
    return { kind: 'unknown', name: `(${part === null ? 'null' : typeof part})` };
  const call = field(part, 'functionCall');
  if (call !== undefined && call !== null) {
    const signature = field(part, 'thoughtSignature');
    return { kind: 'call', call, signature: typeof signature === 'string' ? signature : undefined };
  }
  const text = field(part, 'text');
  if (typeof text === 'string')
    return field(part, 'thought') === true ? { kind: 'thought' } : { kind: 'text', text };
  const name = Object.keys(part).find((key) => !METADATA.has(key));
  return name === undefined ? { kind: 'empty' } : { kind: 'unknown', name: quoteSource(name) };
}

/**
 * A whole `functionCall` as a tool call: its id, or `gemini_call_<number>` where Gemini gives
 * none; its signature kept for the replay. A call without a name throws a ProviderError.
 */
export function geminiToolCall(
  call: unknown,
  number: number,
  signature: string | undefined,
  args: string = JSON.stringify(field(call, 'args') ?? {}),
): ToolCall {
  const name = stringOr(field(call, 'name'), '');
  if (name === '') throw new ProviderError('upstream sent a functionCall without a name');
  const id = field(call, 'id');
  return {
    id: typeof id === 'string' && id !== '' ? id : `gemini_call_${number}`,
    name,
    arguments: args,
    ...(signature !== undefined ? { signature } : {}),
  };
}
