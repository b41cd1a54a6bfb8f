import type { JsonLimits } from './jsonLimits';
import { type ParseResult, parseJson } from './parseJson';

/**
 * Parses JSON from raw bytes: they must be well-formed UTF-8 (INVALID_UTF8 otherwise). A byte
 * order mark is kept, so the strict parser refuses it as it refuses any leading junk.
 */
export function parseJsonBytes(bytes: Uint8Array, limits?: Partial<JsonLimits>): ParseResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return {
      ok: false,
      issue: {
        code: 'INVALID_UTF8',
        path: '',
        message: 'the input is not well-formed UTF-8',
        offset: 0,
        line: 1,
        column: 1,
      },
    };
  }
  return parseJson(text, limits);
}
