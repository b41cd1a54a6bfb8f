import { decodeBase64Run } from './decodeBase64Run';
import { textOfBytes } from './textOfBytes';

/** Decoded text shorter than this holds no secret worth a scan. */
const MIN_TEXT = 16;
const BASE32 = /^(?:[A-Z2-7]+|[a-z2-7]+)=*$/;
const HEX = /^(?:0[xX])?(?:[0-9a-f]+|[0-9A-F]+)$/;

/**
 * The texts a run of token characters decodes to, as base64 or base64url (`decodeBase64Run`),
 * base32 (RFC 4648, in one letter case) or hex (in one letter case, after an optional `0x`); none
 * when it decodes to binary or is none of these. Each decoder reads the run once: linear, and
 * what it returns is shorter than the run.
 */
export function decodeTokenRun(run: string): string[] {
  const texts = decodeBase64Run(run);
  if (BASE32.test(run)) {
    const text = base32Text(run);
    if (text !== undefined && text.length >= MIN_TEXT) texts.push(text);
  }
  if (HEX.test(run)) {
    const text = hexText(run, (run.charCodeAt(1) | 0x20) === 0x78 ? 2 : 0);
    if (text !== undefined && text.length >= MIN_TEXT) texts.push(text);
  }
  return texts;
}

/** Base32 without its padding, as text. */
function base32Text(run: string): string | undefined {
  let end = run.length;
  while (end > 0 && run.charCodeAt(end - 1) === 0x3d) end--;
  const bytes = new Uint8Array((end * 5) >> 3);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < end; i++) {
    const code = run.charCodeAt(i) | 0x20; // one case
    value = (value << 5) | (code >= 0x61 ? code - 0x61 : code - 0x32 + 26);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (value >> bits) & 0xff;
    }
  }
  return textOfBytes(bytes.subarray(0, at));
}

/** Hex digits from `from` (an even count, or the last is left out), as text. */
export function hexText(run: string, from: number): string | undefined {
  const bytes = new Uint8Array((run.length - from) >> 1);
  for (let k = 0; k < bytes.length; k++)
    bytes[k] = parseInt(run.slice(from + 2 * k, from + 2 * k + 2), 16);
  return textOfBytes(bytes);
}
