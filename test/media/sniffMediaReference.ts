// The byte-by-byte sniffer sniffMedia replaced with a table of patterns (for size): kept here
// only as the oracle the table is held to, byte for byte.
import type { SniffedMedia } from '../../src/media/sniffMedia';

const IMAGE = ['image'] as const;
const AUDIO = ['audio'] as const;
const VIDEO = ['video'] as const;
const AUDIO_OR_VIDEO = ['audio', 'video'] as const;
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

/** The reference decision for `bytes`. */
export function sniffMediaReference(bytes: Uint8Array): SniffedMedia | undefined {
  const at = (offset: number, ...values: number[]) =>
    values.every((value, i) => bytes[offset + i] === value);
  const ascii = (offset: number, text: string) =>
    at(offset, ...Array.from(text, (c) => c.charCodeAt(0)));

  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { format: 'png', kinds: IMAGE };
  if (at(0, 0xff, 0xd8, 0xff)) return { format: 'jpeg', kinds: IMAGE };
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return { format: 'gif', kinds: IMAGE };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { format: 'webp', kinds: IMAGE };
  if (ascii(0, 'BM') && bytes.length >= 14) return { format: 'bmp', kinds: IMAGE };

  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return { format: 'wav', kinds: AUDIO };
  if (ascii(0, 'fLaC')) return { format: 'flac', kinds: AUDIO };
  if (ascii(0, 'OggS')) return { format: 'ogg', kinds: AUDIO_OR_VIDEO };
  if (ascii(0, 'ID3')) return { format: 'mp3', kinds: AUDIO };
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return { format: 'aac', kinds: AUDIO };
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0)
    return { format: 'mp3', kinds: AUDIO };

  if (ascii(4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (AUDIO_BRANDS.has(brand)) return { format: 'm4a', kinds: AUDIO };
    if (brand === 'qt  ') return { format: 'mov', kinds: VIDEO };
    return { format: 'mp4', kinds: AUDIO_OR_VIDEO };
  }
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return { format: 'webm', kinds: AUDIO_OR_VIDEO };
  if (ascii(4, 'moov') || ascii(4, 'mdat') || ascii(4, 'wide'))
    return { format: 'mov', kinds: VIDEO };
  return undefined;
}
