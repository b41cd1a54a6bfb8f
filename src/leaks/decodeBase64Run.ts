import { textOfBytes } from './textOfBytes';

// Base64 of text mixes cases and digits; a run of one class is a word, a hex digest or a path.
const MIXED = /(?=[^]*[A-Z])(?=[^]*[a-z])|(?=[^]*[0-9])(?=[^]*[A-Za-z])/y;
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
/** Decoding a prefix this long tells text from binary before the whole run is decoded. */
const PROBE = 64;
/** Groups of four characters in a row that decode to ASCII before a stretch is decoded (18 bytes). */
const MIN_GROUPS = 6;
/** Decoded text shorter than this holds no secret worth a scan. */
const MIN_TEXT = 16;
// What a payload is glued to a name or a path with. A stretch that starts after a letter or a
// digit is the inside of a longer token (a corrupted one, say), not a payload of its own.
const glued = (body: string, at: number) => /[-_/+]/.test(body[at] ?? '');
/** Base64url written in the standard alphabet. */
const standard = (body: string) => body.replace(/-/g, '+').replace(/_/g, '/');
/** Stretches up to this long are also read with their last bytes cut (see `stretch`). */
const SHORT_STRETCH = 512;

// The value of each base64 and base64url character (both alphabets at once); -1 for others.
const VALUES = /* @__PURE__ */ (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let k = 0; k < 64; k++) values[alphabet.charCodeAt(k)] = k;
  values[0x2d] = 62; // -
  values[0x5f] = 63; // _
  return values;
})();

/**
 * The texts a base64 or base64url run decodes to; none when it decodes to binary (a digest, an
 * image, a key body) or is no base64 at all. Only text can spell a secret a rule finds, so only
 * text is scanned again. A run is first read whole, from its first character; when that is not
 * text, its stretches that decode to ASCII are found at each of the four alignments — a payload
 * glued to a name or a path (`token_Z2hw…`, `/v1/Z2hw…`), or after one to three stray
 * characters, does not start on a four-character boundary of the run — and those that start
 * within the run's first four characters or follow a `_`, `-`, `/` or `+` are read.
 * The test needs no decoding: in base64 of ASCII (bytes below 0x80) the first character of every
 * group is below 32 (A–Z, a–f), bit 3 of the second and bit 1 of the third are clear. One pass
 * over the run for all four alignments; only stretches that pass are decoded.
 */
export function decodeBase64Run(run: string): string[] {
  MIXED.lastIndex = 0;
  if (!MIXED.test(run)) return [];
  const body = run.replace(/=+$/, '');
  if (body.includes('=')) return [];
  const whole = decodeWhole(body);
  if (whole !== undefined) return [whole];
  const texts: string[] = [];
  // Per character, what it may be in a group of ASCII: first (below 32), second (bit 3 clear),
  // third (bit 1 clear), fourth (any base64 character). One typed pass, then one over the flags.
  const n = body.length;
  const flags = new Uint8Array(n + 3);
  for (let at = 0; at < n; at++) {
    const code = body.charCodeAt(at);
    const value = code < 128 ? VALUES[code]! : -1;
    if (value >= 0)
      flags[at] = (value < 32 ? 1 : 0) | (value & 8 ? 0 : 2) | (value & 2 ? 0 : 4) | 8;
  }
  const counts = new Int32Array(4); // groups in a row that decode to ASCII, per alignment
  for (let at = 0; at <= n; at++) {
    const alignment = at & 3;
    if (
      at + 4 <= n &&
      flags[at]! & 1 &&
      flags[at + 1]! & 2 &&
      flags[at + 2]! & 4 &&
      flags[at + 3]! & 8
    ) {
      counts[alignment]!++;
      continue;
    }
    const count = counts[alignment]!;
    counts[alignment] = 0;
    if (count < MIN_GROUPS) continue;
    // The run's last two or three characters are a short group of its own: kept with a stretch.
    const end = n - at === 2 || n - at === 3 ? n : at;
    const from = at - 4 * count;
    // The payload starts the stretch, or its second group (the first decoding to ASCII by chance).
    // It may start one to three characters into the run: a base64 text after a stray character
    // or two (`x` + base64) is off the run's four-character boundary, at any alignment.
    if (from <= 3 || glued(body, from - 1)) stretch(body, from, end, 0, texts);
    else if (glued(body, from + 3)) stretch(body, from, end, 3, texts);
  }
  return texts;
}

/** The whole run as text (the common case: base64 of a text), or undefined. */
function decodeWhole(body: string): string | undefined {
  let normal = standard(body);
  if (normal.length % 4 === 1) normal = normal.slice(0, -1);
  if (normal.length > PROBE && decode(normal.slice(0, PROBE), true) === undefined) return undefined;
  return decode(normal, false);
}

/**
 * Decodes the groups `[from, to)` of a run (each decodes to ASCII; the last may be short) from
 * byte `skip` on. The text must be clean from its first byte (a payload is; the inside of a
 * longer base64 text cut at a corruption is not) and is read ending at each byte near its last
 * group: the characters after a payload may decode to ASCII by chance, glued to the secret so
 * that a rule's boundary fails.
 */
function stretch(body: string, from: number, to: number, skip: number, texts: string[]): void {
  // The group after the stretch is decoded too: its first byte or two may still be the end of
  // the text (a payload whose last group was merged with what follows it), up to a byte that is
  // no ASCII.
  let end = Math.min(body.length, to + 4);
  if ((end - from) % 4 === 1) end--;
  const decoded = atob(standard(body.slice(from, end)));
  const own = ((to - from) >> 2) * 3;
  let cut = own;
  while (cut < decoded.length && decoded.charCodeAt(cut) < 0x80) cut++;
  const ends = [cut];
  if (cut - skip <= SHORT_STRETCH)
    for (let last = Math.max(skip + MIN_TEXT, own - 3); last < cut && last < own + 3; last++)
      ends.push(last);
  for (const last of ends) {
    const text = decoded.slice(skip, last);
    if (text.length >= MIN_TEXT && !CONTROL.test(text)) texts.push(text);
  }
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
  return textOfBytes(bytes, probe ? 3 : 0);
}
