import type { FinishReason } from './modelProvider';

// Gemini's safety and policy stops: the provider withheld the answer (or the rest of it).
const FILTERS = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * A Gemini `finishReason` as a {@link FinishReason}: `STOP` is `stop`, `MAX_TOKENS` is `length`,
 * the safety and policy stops (`SAFETY`, `RECITATION`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII`,
 * the image ones) are `content_filter`; anything else (`MALFORMED_FUNCTION_CALL`, `OTHER`, new
 * reasons) is `other`. Undefined when there is none.
 */
export function geminiFinishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw === 'STOP') return 'stop';
  if (raw === 'MAX_TOKENS') return 'length';
  return FILTERS.has(raw) ? 'content_filter' : 'other';
}
