import type { MediaSegmentType } from '../media/mediaPolicy';
import type { ReplyResult } from '../results/replyResult';
import type { Segment, SegmentReply } from '../segments/segmentCatalog';
import { deliverable } from './core';
import { isEveryoneMention } from './everyoneMention';
import { type ImOptions, UNAVAILABLE_TEXT } from './imOptions';
import { httpUrl, mediaReference } from './mediaReference';
import type { OneBotSegment } from './oneBotSegment';

/** How a checked reply becomes a OneBot v11 message. */
export interface OneBotOptions extends ImOptions {
  /**
   * Where Markdown goes. OneBot v11 has no Markdown segment, so by default its source is sent as
   * text; `'segment'` sends a `markdown` segment (`{ content }`), which some implementations
   * (NapCat, Lagrange) accept as an extension.
   */
  readonly markdown?: 'text' | 'segment';
}

// The catalog's media types by OneBot's names: audio is a `record`. OneBot v11 has no `file`
// segment; implementations that send files (NapCat, LLOneBot) take one of this shape.
const MEDIA_TYPE = { image: 'image', audio: 'record', video: 'video', file: 'file' } as const;

/**
 * A checked reply as a OneBot v11 message array (the delivered value, or the host's notice for a
 * refused one); `undefined` when there is nothing to deliver (an interrupted turn, or a value
 * that is not a segment reply). Text stays text: the array form has no codes to inject, and
 * mentions, media and shares come only from their own checked segments.
 *
 * @example
 * const message = oneBotMessage(await checkReply(modelText, { mentions: { allowed } }));
 * if (message) await bot.sendGroupMsg(groupId, message);
 */
export function oneBotMessage(
  result: ReplyResult<SegmentReply>,
  options: OneBotOptions = {},
): OneBotSegment[] | undefined {
  return deliverable(result)?.segments.map((segment) => oneBotSegment(segment, options));
}

function oneBotSegment(segment: Segment, options: OneBotOptions): OneBotSegment {
  switch (segment.type) {
    case 'text':
      return text(segment.data.text);
    case 'markdown':
      return options.markdown === 'segment'
        ? { type: 'markdown', data: { content: segment.data.content } }
        : text(segment.data.content);
    case 'mention': {
      const target = segment.data.target;
      if (!isEveryoneMention(target)) return { type: 'at', data: { qq: target } };
      return options.atAll ? { type: 'at', data: { qq: 'all' } } : text(`@${target}`);
    }
    case 'image':
    case 'audio':
    case 'video':
    case 'file':
      return media(segment.type, segment.data.media, options);
    case 'reply':
      return { type: 'reply', data: { id: segment.data.message_id } };
    case 'forward':
      return { type: 'forward', data: { id: segment.data.forward_id } };
    case 'face':
      return { type: 'face', data: { id: String(segment.data.id) } };
    case 'dice':
    case 'rps':
      return { type: segment.type, data: {} };
    case 'share':
      return httpUrl(segment.data.url)
        ? { type: 'share', data: { url: segment.data.url, title: segment.data.title } }
        : text(`${segment.data.title} ${segment.data.url}`);
  }
}

function media(
  type: MediaSegmentType,
  value: Parameters<typeof mediaReference>[0],
  options: OneBotOptions,
): OneBotSegment {
  const reference = mediaReference(value, type, options);
  if (!reference) return text(options.unavailableText ?? UNAVAILABLE_TEXT);
  const file =
    reference.kind === 'url'
      ? reference.url
      : reference.kind === 'base64'
        ? `base64://${reference.body}`
        : reference.value;
  return { type: MEDIA_TYPE[type], data: { file } };
}

function text(value: string): OneBotSegment {
  return { type: 'text', data: { text: value } };
}
