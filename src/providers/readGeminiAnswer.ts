import { quoteSource } from '../leaks/quoteSource';
import { geminiFinishReason } from './geminiFinishReason';
import { GEMINI_PARTS, geminiToolCall, readGeminiPart } from './geminiPart';
import { unknownPartsFailure } from './unknownPartsFailure';
import { readGeminiUsage } from './geminiUsage';
import type { ModelAnswer } from './modelProvider';
import { ProviderError } from './providerError';
import { field } from './postJson';

/**
 * Reads the final answer: the text of the first candidate's non-thought parts, its
 * `functionCall` parts as tool calls (ids synthesised, numbered after `firstCall`, where Gemini
 * gives none; signatures kept), the finish reason and the usage. A prompt blocked by
 * `promptFeedback.blockReason` is a `content_filter` finish; no candidate otherwise, or only
 * parts of unknown kinds, throws a ProviderError.
 */
export function readGeminiAnswer(answer: unknown, firstCall = 0): ModelAnswer {
  const usage = readGeminiUsage(field(answer, 'usageMetadata'));
  const used = usage ? { usage } : {};
  const candidate = field(field(answer, 'candidates'), 0);
  if (candidate === undefined) {
    const blocked = field(field(answer, 'promptFeedback'), 'blockReason');
    if (typeof blocked !== 'string') throw new ProviderError('upstream answer has no candidates');
    return {
      finishReason: 'content_filter',
      rawFinishReason: `blockReason ${quoteSource(blocked)}`,
      ...used,
    };
  }
  const raw = field(candidate, 'finishReason');
  const finishReason = geminiFinishReason(raw);
  const finish = finishReason ? { finishReason, rawFinishReason: raw as string } : {};
  const parts = field(field(candidate, 'content'), 'parts');
  const read = (Array.isArray(parts) ? (parts as unknown[]) : []).map(readGeminiPart);
  const texts = read.flatMap((part) => (part.kind === 'text' ? [part.text] : []));
  const toolCalls = read
    .flatMap((part) => (part.kind === 'call' ? [part] : []))
    .map((part, i) => geminiToolCall(part.call, firstCall + i, part.signature));
  const unknown = read.flatMap((part) => (part.kind === 'unknown' ? [part.name] : []));
  if (texts.length === 0 && toolCalls.length === 0 && unknown.length > 0)
    throw unknownPartsFailure(unknown, 'upstream answer', GEMINI_PARTS);
  return {
    ...(texts.length > 0 ? { text: texts.join('') } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    ...finish,
    ...used,
  };
}
