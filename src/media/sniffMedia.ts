/** What the magic bytes say a file is. */
export interface SniffedMedia {
  /** The format, e.g. `png`, `mp3`, `mp4`. */
  readonly format: string;
  /** The segment types this format may be delivered as (containers can hold audio or video). */
  readonly kinds: readonly ('image' | 'audio' | 'video')[];
}

/** How many leading bytes {@link sniffMedia} needs. */
export const SNIFF_BYTES = 16;

const IMAGE = ['image'] as const;
const AUDIO = ['audio'] as const;
const VIDEO = ['video'] as const;
const AUDIO_OR_VIDEO = ['audio', 'video'] as const;

// The magic bytes, as patterns over the first SNIFF_BYTES bytes read as Latin-1 (one character a
// byte; `[^]` is any byte), in the order they are tried. Anchored, no repetition of groups: each
// runs in constant time.
const SIGNATURES: readonly (readonly [RegExp, string, SniffedMedia['kinds']])[] = [
  [/^\x89PNG\r\n\x1a\n/, 'png', IMAGE],
  [/^\xff\xd8\xff/, 'jpeg', IMAGE],
  [/^GIF8[79]a/, 'gif', IMAGE],
  [/^RIFF[^]{4}WEBP/, 'webp', IMAGE],
  // A BMP file header is 14 bytes: two letters alone are too weak a sign.
  [/^BM[^]{12}/, 'bmp', IMAGE],
  [/^RIFF[^]{4}WAVE/, 'wav', AUDIO],
  [/^fLaC/, 'flac', AUDIO],
  [/^OggS/, 'ogg', AUDIO_OR_VIDEO],
  [/^ID3/, 'mp3', AUDIO],
  // ADTS AAC: sync word 0xFFF, layer bits 00.
  [/^\xff[\xf0\xf1\xf8\xf9]/, 'aac', AUDIO],
  // MPEG audio frame: sync 0xFFE, a layer that is not "reserved" (bits 1–2 of the second byte).
  [/^\xff[\xe2-\xe7\xea-\xef\xf2-\xf7\xfa-\xff]/, 'mp3', AUDIO],
  // ISO base media (ftyp): these brands mean audio only, `qt  ` QuickTime, any other MP4.
  [/^[^]{4}ftyp(?:M4[ABP]|F4[AB]) /, 'm4a', AUDIO],
  [/^[^]{4}ftypqt {2}/, 'mov', VIDEO],
  [/^[^]{4}ftyp/, 'mp4', AUDIO_OR_VIDEO],
  [/^\x1aE\xdf\xa3/, 'webm', AUDIO_OR_VIDEO],
  [/^[^]{4}(?:moov|mdat|wide)/, 'mov', VIDEO],
];

/**
 * Identifies image, audio and video formats by their magic bytes: PNG, JPEG, GIF, WebP, BMP;
 * MP3, OGG, WAV, FLAC, M4A, AAC (ADTS); MP4, MOV, WebM/Matroska. `undefined` when unknown.
 */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, SNIFF_BYTES));
  for (const [pattern, format, kinds] of SIGNATURES)
    if (pattern.test(head)) return { format, kinds };
  return undefined;
}
