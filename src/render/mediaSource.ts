import { base64Media } from '../media/base64Media';
import { SNIFF_BYTES, sniffMedia } from '../media/sniffMedia';
import type { Media } from '../segments/segmentCatalog';
import { safeHttpUrl } from './safeUrl';

// The MIME subtype of a sniffed format, where it is not the format's own name.
const SUBTYPE: Record<string, string> = { mp3: 'mpeg', m4a: 'mp4', mov: 'quicktime' };

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
  return `data:${type}/${SUBTYPE[sniffed.format] ?? sniffed.format};base64,${body}`;
}
