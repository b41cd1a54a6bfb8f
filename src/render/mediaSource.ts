import { base64Media } from '../media/base64Media';
import { SNIFF_BYTES, sniffMedia } from '../media/sniffMedia';
import type { Media } from '../segments/segmentCatalog';
import { safeHttpUrl } from './safeUrl';

const MIME: Record<string, string> = {
  png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp',
  mp3: 'audio/mpeg', aac: 'audio/aac', ogg: 'audio/ogg', wav: 'audio/wav', flac: 'audio/flac', m4a: 'audio/mp4',
  mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm',
};

/**
 * Where a media element may load from: an http(s) URL, or a data: URL rebuilt from base64 bytes
 * whose magic bytes match the segment type (the declared MIME type of a data URL is never
 * trusted). Anything else (paths, file ids, other schemes) has no source.
 */
export function mediaSource(media: Media, type: 'image' | 'audio' | 'video'): string | undefined {
  if (media.kind === 'url') return safeHttpUrl(media.value);
  if (media.kind !== 'base64') return undefined;
  const decoded = base64Media(media.value, SNIFF_BYTES);
  if (!decoded.ok) return undefined;
  const sniffed = sniffMedia(decoded.head);
  if (!sniffed || !sniffed.kinds.includes(type)) return undefined;
  const body = media.value.slice(media.value.indexOf(',') + 1).replace(/\s+/g, '');
  return `data:${MIME[sniffed.format]};base64,${body}`;
}
