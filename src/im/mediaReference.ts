import type { Media } from '../segments/segmentCatalog';
import type { MediaSegmentType } from '../media/mediaPolicy';
import type { ImOptions } from './imOptions';

/** Where a platform should take a media segment's bytes from, once judged safe to send. */
export type MediaReference =
  | { readonly kind: 'url'; readonly url: string }
  | { readonly kind: 'base64'; readonly body: string; readonly mediaType: string | undefined }
  | { readonly kind: 'local'; readonly value: string }
  | { readonly kind: 'id'; readonly value: string };

const DATA_URL = /^data:([^;,]{1,255})(?:;[^;,]{0,255}){0,8};base64,/i;
const WHITESPACE = /[\t\n\r ]+/g;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// A platform file id is opaque, but OneBot and Satori implementations also read a value as a
// URL, a `file://` path or a `base64://` payload by its form: an id that looks like any of these
// (a scheme, an absolute or relative path, a parent step) is not an id.
const NOT_AN_ID = /^[A-Za-z][A-Za-z0-9+.-]*:|^[/\\.~]|\.\.|[\u0000-\u001f\u007f]/;

/**
 * The reference to send for a checked media value, or `undefined` when it cannot be sent safely:
 * a `url` must be http(s); `base64` must be base64 (a `data:` URL's body is taken); a `path` goes
 * only through the host's `localFile`; a `file` id must not read as a URL or a path.
 */
export function mediaReference(
  media: Media,
  type: MediaSegmentType,
  options: ImOptions,
): MediaReference | undefined {
  switch (media.kind) {
    case 'url':
      return httpUrl(media.value) ? { kind: 'url', url: media.value } : undefined;
    case 'base64': {
      const mediaType = DATA_URL.exec(media.value)?.[1];
      const body = media.value.replace(DATA_URL, '').replace(WHITESPACE, '');
      return body.length % 4 === 0 && BASE64.test(body)
        ? { kind: 'base64', body, mediaType }
        : undefined;
    }
    case 'path': {
      const value = options.localFile?.(media.value, type);
      return typeof value === 'string' && value !== '' ? { kind: 'local', value } : undefined;
    }
    case 'file':
      return media.value !== '' && !NOT_AN_ID.test(media.value)
        ? { kind: 'id', value: media.value }
        : undefined;
  }
}

/** Whether a string is an absolute http(s) URL a platform may fetch. */
export function httpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
