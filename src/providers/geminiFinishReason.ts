import type { FinishReason } from './modelProvider';

// Gemini's safety and policy stops: the provider withheld the answer (or the rest of it).
// Vertex AI adds MODEL_ARMOR (Model Armor blocked the response).
const FILTERS = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
  'MODEL_ARMOR',
]);

/**
 * A Gemini `finishReason` as a {@link FinishReason}: `STOP` is `stop`, `MAX_TOKENS` is `length`,
 * the safety and policy stops (`SAFETY`, `RECITATION`, `BLOCKLIST`, `PROHIBITED_CONTENT`, `SPII`,
 * the image ones, Vertex AI's `MODEL_ARMOR`) are `content_filter` (the turn ends `REFUSED`);
 * anything else (`MALFORMED_FUNCTION_CALL`, `LANGUAGE`, `OTHER`, new reasons) is `other`.
 * Undefined when there is none.
 */
export function geminiFinishReason(raw: unknown): FinishReason | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw === 'STOP') return 'stop';
  if (raw === 'MAX_TOKENS') return 'length';
  return FILTERS.has(raw) ? 'content_filter' : 'other';
}
