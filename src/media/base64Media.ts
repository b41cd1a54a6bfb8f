/** A base64 media value, checked without decoding it whole. */
export type Base64Media =
  | { readonly ok: true; readonly size: number; readonly head: Uint8Array }
  | { readonly ok: false; readonly reason: 'invalid_base64' };

const DATA_URL =
  /^data:[a-z0-9!#$&^_.+-]{1,127}\/[a-z0-9!#$&^_.+-]{1,127}(?:;[a-z0-9_.+-]{1,64}=[a-z0-9_.+-]{1,64}){0,4};base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const WHITESPACE = /[\t\n\r ]+/g;

/**
 * Reads a base64 media value (bare, or a `data:` URL): checks every character, computes the
 * decoded size from the length, and decodes only the first bytes for sniffing, so a huge value
 * costs no huge buffer.
 */
export function base64Media(value: string, headBytes: number): Base64Media {
  const body = value.replace(DATA_URL, '').replace(WHITESPACE, '');
  if (body.length === 0 || body.length % 4 !== 0 || !BASE64.test(body))
    return { ok: false, reason: 'invalid_base64' };
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  const size = (body.length / 4) * 3 - padding;
  const headChars = Math.min(body.length, Math.ceil(headBytes / 3) * 4);
  // atob gives one character per byte (all below U+0100), so the string iterates byte by byte.
  const head = Uint8Array.from(atob(body.slice(0, headChars)), (char) => char.charCodeAt(0));
  return { ok: true, size, head };
}
