import { quoteSource } from '../leaks/quoteSource';
import { ProviderError } from './providerError';
import type { KnownParts } from './unknownPartsFailure';
import { field } from './postJson';

/** The content parts {@link readContentParts} reads, for `unknownPartsFailure`. */
export const CONTENT_PARTS: KnownParts = Object.freeze({
  by: 'types',
  reads: 'text, thinking, reasoning and refusal parts',
});
/** What an OpenAI-compatible `content` holds, read part by part. */
export interface ContentRead {
  /** The answer: the content string, or the text parts joined. Absent when there is none. */
  readonly text?: string;
  /** The refusal parts joined. Absent when there is none. */
  readonly refusal?: string;
  /**
   * The types of parts that are neither text, reasoning nor a refusal; never reply text. Whole:
   * the failure that names them is masked, then shortened, as it leaves the provider.
   */
  readonly unknown: readonly string[];
}

// Parts that carry reasoning (Mistral `thinking`, the reasoning parts of compatible servers):
// read past, never reply text.
const REASONING = new Set(['thinking', 'reasoning', 'reasoning_text', 'redacted_thinking']);
const TEXT = new Set(['text', 'output_text']);

/**
 * Reads a chat message's `content` (or a streamed `delta.content`): a string is the answer; an
 * array is read part by part — `text` / `output_text` parts are the answer, `thinking` /
 * `reasoning` parts are skipped, `refusal` parts are the refusal, other types are listed in
 * `unknown` (the caller decides whether an answer made only of them is a failure). `null` or no
 * content is nothing. Any other value, or a text part whose `text` is not a string, throws a
 * ProviderError naming `where`.
 */
export function readContentParts(content: unknown, where: string): ContentRead {
  if (typeof content === 'string') return { text: content, unknown: [] };
  if (content === undefined || content === null) return { unknown: [] };
  if (!Array.isArray(content))
    throw new ProviderError(`${where} is ${kindOf(content)}, not text or an array of parts`);
  let text: string | undefined;
  let refusal: string | undefined;
  const unknown: string[] = [];
  for (const part of content as unknown[]) {
    const type = field(part, 'type');
    if (typeof type === 'string' && TEXT.has(type)) {
      const piece = field(part, 'text');
      if (typeof piece !== 'string')
        throw new ProviderError(`${where} has a ${type} part whose text is ${kindOf(piece)}`);
      text = (text ?? '') + piece;
    } else if (type === 'refusal') {
      const piece = field(part, 'refusal');
      if (typeof piece === 'string') refusal = (refusal ?? '') + piece;
    } else if (typeof type !== 'string' || !REASONING.has(type)) {
      unknown.push(typeof type === 'string' ? quoteSource(type) : `(${kindOf(part)})`);
    }
  }
  return {
    ...(text !== undefined ? { text } : {}),
    ...(refusal !== undefined ? { refusal } : {}),
    unknown,
  };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
