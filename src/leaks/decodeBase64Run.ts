const UTF8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });
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
  // A probe may end inside a multi-byte character: up to three bytes of it may be cut off.
  for (let cut = 0; cut <= (probe ? 3 : 0); cut++) {
    try {
      const text = UTF8.decode(bytes.subarray(0, bytes.length - cut));
      return CONTROL.test(text) ? undefined : text;
    } catch {
      // try one byte shorter
    }
  }
  return undefined;
}
