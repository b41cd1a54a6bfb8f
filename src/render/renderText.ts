import type { ReplyResult } from '../results/replyResult';
import type { Segment, SegmentReply } from '../segments/segmentCatalog';
import { readerText } from '../text/readerText';
import { deliverable, type RenderOptions } from './renderHtml';

/**
 * Renders a checked reply as one line of plain text for logs and consoles: what `renderHtml`
 * would show, with media, shares and badges in brackets. Nothing raw that reorders or hides
 * text reaches a terminal: bidi controls, invisible characters and control characters (the ones
 * `renderHtml` leaves out) are written as `\uXXXX` escapes, so a log shows they were there.
 */
export function renderText(result: ReplyResult<SegmentReply>, options: RenderOptions = {}): string {
  const reply = deliverable(result);
  if (!reply) return '';
  // A carriage return would let a line overwrite itself in a terminal: it is escaped too.
  const text = reply.segments
    .map((segment) => textOf(segment, options))
    .join('')
    .replace(/\r/g, '\\u000d');
  const { removed } = readerText(text);
  if (removed.length === 0) return text;
  let out = '';
  let from = 0;
  for (const at of removed) {
    out += `${text.slice(from, at)}\\u${text.charCodeAt(at).toString(16).padStart(4, '0')}`;
    from = at + 1;
  }
  return out + text.slice(from);
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
