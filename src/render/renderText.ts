import type { ReplyResult } from '../results/replyResult';
import type { Segment, SegmentReply } from '../segments/segmentCatalog';
import { deliverable, type RenderOptions } from './renderHtml';

/**
 * Renders a checked reply as one line of plain text for logs and consoles: what `renderHtml`
 * would show, with media, shares and badges in brackets. Control characters are escaped.
 */
export function renderText(result: ReplyResult<SegmentReply>, options: RenderOptions = {}): string {
  const reply = deliverable(result);
  return reply
    ? reply.segments
        .map((segment) => textOf(segment, options))
        .join('')
        .replace(
          /[\u0000-\u0008\u000b-\u001f\u007f]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        )
    : '';
}

function textOf(segment: Segment, options: RenderOptions): string {
  switch (segment.type) {
    case 'text':
      return segment.data.text;
    case 'markdown':
      return segment.data.content;
    case 'mention':
      return `@${options.mentionName?.(segment.data.target) ?? segment.data.target}`;
    case 'image':
    case 'audio':
    case 'video':
    case 'file':
      return `[${segment.type}: ${segment.data.media.kind === 'base64' ? `${segment.data.media.value.length} base64 chars` : segment.data.media.value}]`;
    case 'share':
      return `[${segment.data.title} <${segment.data.url}>]`;
    case 'reply':
      return `[reply to ${segment.data.message_id}]`;
    case 'forward':
      return `[forward ${segment.data.forward_id}]`;
    case 'face':
      return `[face ${String(segment.data.id)}]`;
    case 'dice':
    case 'rps':
      return `[${segment.type}]`;
  }
}
