const UTF8 = /* @__PURE__ */ new TextDecoder('utf-8');
// Base64 of text mixes cases and digits; a run of one class is a word, a hex digest or a path.
const MIXED = /(?=[^]*[A-Z])(?=[^]*[a-z])|(?=[^]*[0-9])(?=[^]*[A-Za-z])/y;
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
/** Decoding a prefix this long tells text from binary before the whole run is decoded. */
const PROBE = 64;

/**
 * The text a base64 or base64url run decodes to, or undefined when it decodes to binary (a
 * digest, an image, a key body) or is no base64 at all. Only text can spell a secret a rule
 * finds, so only text is scanned again.
 */
export function decodeBase64Run(run: string): string | undefined {
  MIXED.lastIndex = 0;
  if (!MIXED.test(run)) return undefined;
  let body = run.replace(/=+$/, '');
  if (body.includes('=')) return undefined;
  if (/[-_]/.test(body)) {
    if (/[+/]/.test(body)) return undefined;
    body = body.replace(/-/g, '+').replace(/_/g, '/');
  }
  if (body.length % 4 === 1) body = body.slice(0, -1);
  if (body.length > PROBE && decode(body.slice(0, PROBE), true) === undefined) return undefined;
  return decode(body, false);
}

function decode(body: string, probe: boolean): string | undefined {
  let binary: string;
  try {
    binary = atob(body);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // Checked before decoding, not by a fatal decoder's exception: binary runs are common, and a
  // thrown error (with its stack) costs more than the whole scan of a short text. A probe may end
  // inside a multi-byte character: up to three bytes of it may be cut off.
  const valid = validUtf8(bytes);
  if (valid < bytes.length - (probe ? 3 : 0)) return undefined;
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
