import h from '@satorijs/element';
import type { MediaSegmentType } from '../../media/mediaPolicy';
import type { ReplyResult } from '../../results/replyResult';
import type { Segment, SegmentReply } from '../../segments/segmentCatalog';
import { deliverable } from '../core';
import { isEveryoneMention } from '../everyoneMention';
import { type ImOptions, UNAVAILABLE_TEXT } from '../imOptions';
import { httpUrl, mediaReference } from '../mediaReference';

/** How a checked reply becomes Satori message elements. */
export interface SatoriOptions extends ImOptions {
  /**
   * Maps a platform file id (media `kind: 'file'`) to the `src` the platform loads, or
   * `undefined` to refuse it. Satori has no standard form for a bare file id, so without it such
   * media is replaced by the unavailable text.
   */
  readonly fileSource?: (id: string, type: MediaSegmentType) => string | undefined;
}

// The catalog's media types by Satori's element names.
const MEDIA_ELEMENT = { image: 'img', audio: 'audio', video: 'video', file: 'file' } as const;

/**
 * A checked reply as Satori message elements, built with `@satorijs/element` (the library Koishi
 * and the Satori adapters use): the delivered value, or the host's notice for a refused one;
 * `undefined` when there is nothing to deliver. Text is a text element (the library escapes it
 * when it serialises), Markdown goes as text (Satori has no Markdown element), a reply is a
 * `quote`, a forward a `message forward`, a share a link, a face a `face` element, and dice and
 * rps (no Satori element) their text in brackets.
 *
 * @example
 * const elements = satoriElements(await checkReply(modelText));
 * if (elements) await session.send(elements);
 */
export function satoriElements(
  result: ReplyResult<SegmentReply>,
  options: SatoriOptions = {},
): h[] | undefined {
  return deliverable(result)?.segments.map((segment) => satoriElement(segment, options));
}

function satoriElement(segment: Segment, options: SatoriOptions): h {
  switch (segment.type) {
    case 'text':
      return h.text(segment.data.text);
    case 'markdown':
      return h.text(segment.data.content);
    case 'mention': {
      const target = segment.data.target;
      if (!isEveryoneMention(target)) return h('at', { id: target });
      if (!options.atAll) return h.text(`@${target}`);
      return h('at', { type: /here/i.test(target) ? 'here' : 'all' });
    }
    case 'image':
    case 'audio':
    case 'video':
    case 'file':
      return media(segment.type, segment.data.media, options);
    case 'reply':
      return h('quote', { id: segment.data.message_id });
    case 'forward':
      return h('message', { id: segment.data.forward_id, forward: true });
    case 'face':
      return h('face', { id: String(segment.data.id) });
    case 'dice':
    case 'rps':
      return h.text(`[${segment.type}]`);
    case 'share':
      return httpUrl(segment.data.url)
        ? h('a', { href: segment.data.url }, h.text(segment.data.title))
        : h.text(`${segment.data.title} ${segment.data.url}`);
  }
}

function media(
  type: MediaSegmentType,
  value: Parameters<typeof mediaReference>[0],
  options: SatoriOptions,
): h {
  const reference = mediaReference(value, type, options);
  const src =
    reference?.kind === 'url'
      ? reference.url
      : reference?.kind === 'base64'
        ? `data:${reference.mediaType ?? 'application/octet-stream'};base64,${reference.body}`
        : reference?.kind === 'local'
          ? reference.value
          : reference?.kind === 'id'
            ? options.fileSource?.(reference.value, type)
            : undefined;
  return typeof src === 'string' && src !== ''
    ? h(MEDIA_ELEMENT[type], { src })
    : h.text(options.unavailableText ?? UNAVAILABLE_TEXT);
}
