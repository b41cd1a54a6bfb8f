const UTF8 = /* @__PURE__ */ new TextDecoder('utf-8');
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/**
 * The text some decoded bytes spell, when they are text: well-formed UTF-8 (the last `cut` bytes
 * may be a character cut short) without control characters; undefined for binary (a digest, an
 * image, a key body). Only text can spell a secret a rule finds. Checked before decoding, not by
 * a fatal decoder's exception: binary is common, and a thrown error (with its stack) costs more
 * than the whole scan of a short text.
 */
export function textOfBytes(bytes: Uint8Array, cut = 0): string | undefined {
  const valid = validUtf8(bytes);
  if (valid < bytes.length - cut) return undefined;
  const text = UTF8.decode(bytes.subarray(0, valid));
  return CONTROL.test(text) ? undefined : text;
}

/**
 * How many bytes from the start are whole, well-formed UTF-8 characters (the WHATWG decoder's
 * rules: no overlong forms, surrogates or code points above U+10FFFF).
 */
function validUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
    if (length === 0 || i + length > bytes.length) return i;
    // The second byte's range depends on the lead: this rules out overlongs and surrogates.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      const byte = bytes[i + k]!;
      if (byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return i;
}
