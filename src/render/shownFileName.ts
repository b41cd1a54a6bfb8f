import type { Media } from '../segments/segmentCatalog';
import { readerText } from '../text/readerText';
import { safeHttpUrl } from './safeUrl';

/**
 * The name a file segment shows: the last part of an http(s) URL's path, percent escapes decoded
 * and bidi controls and invisible characters removed (so `report\u202Efdp.exe` reads as the
 * `reportfdp.exe` it is, not as `reportexe.pdf`); `attachment` for anything else.
 */
export function shownFileName(media: Media): string {
  const href = media.kind === 'url' ? safeHttpUrl(media.value) : undefined;
  if (!href) return 'attachment';
  const last = new URL(href).pathname.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape stays as written.
  }
  return readerText(name).text || 'download';
}
