import { micromark } from 'micromark';
import type { ReplyResult } from '../results/replyResult';
import type { Segment, SegmentReply } from '../segments/segmentCatalog';
import { validateSegments } from '../segments/validateSegments';
import { escapeHtml } from './escapeHtml';
import { mediaSource } from './mediaSource';
import { safeHttpUrl } from './safeUrl';

/** Options of the renderers. */
export interface RenderOptions {
  /** The display name of a platform user id, for mention chips. */
  readonly mentionName?: (id: string) => string | undefined;
}

/**
 * Renders a checked reply as safe HTML: the validated value when the turn completed, the host's
 * notice otherwise, nothing for an interrupted turn. The value is validated again here, so an
 * unvalidated or tampered reply is never rendered.
 *
 * Markdown goes through micromark with raw HTML escaped and unsafe link protocols dropped; media
 * loads only from http(s) or from base64 bytes of the right type; mentions become chips.
 *
 * @example
 * preview.innerHTML = renderHtml(await checkReply(modelText), { mentionName: (id) => members.get(id) });
 */
export function renderHtml(result: ReplyResult<SegmentReply>, options: RenderOptions = {}): string {
  const reply = deliverable(result);
  return reply ? reply.segments.map((segment) => renderSegment(segment, options)).join('') : '';
}

/** What a result delivers, validated again; `undefined` when there is nothing safe to render. */
export function deliverable(result: ReplyResult<SegmentReply>): SegmentReply | undefined {
  const candidate = result.status === 'completed' ? result.value : result.status === 'interrupted' ? undefined : result.notice;
  if (candidate === undefined) return undefined;
  const checked = validateSegments(candidate);
  return checked.ok ? checked.value : undefined;
}

function renderSegment(segment: Segment, options: RenderOptions): string {
  switch (segment.type) {
    case 'text':
      return `<span class="rg-text">${escapeHtml(segment.data.text).replace(/\n/g, '<br>')}</span>`;
    case 'markdown':
      return `<div class="rg-markdown">${micromark(segment.data.content, { allowDangerousHtml: false, allowDangerousProtocol: false })}</div>`;
    case 'mention': {
      const name = options.mentionName?.(segment.data.target) ?? segment.data.target;
      return `<span class="rg-mention" data-user-id="${escapeHtml(segment.data.target)}">@${escapeHtml(name)}</span>`;
    }
    case 'image':
    case 'audio':
    case 'video': {
      const source = mediaSource(segment.data.media, segment.type);
      if (!source) return badge(`${segment.type} unavailable`);
      const src = escapeHtml(source);
      if (segment.type === 'image') return `<img class="rg-image" src="${src}" alt="image" loading="lazy" referrerpolicy="no-referrer">`;
      return `<${segment.type} class="rg-${segment.type}" src="${src}" controls preload="none"></${segment.type}>`;
    }
    case 'file':
      return badge(`file: ${segment.data.media.kind === 'url' && safeHttpUrl(segment.data.media.value) ? new URL(segment.data.media.value).pathname.split('/').pop() || 'download' : 'attachment'}`);
    case 'share': {
      const href = safeHttpUrl(segment.data.url);
      const title = escapeHtml(segment.data.title || segment.data.url);
      if (!href) return `<span class="rg-share">${title}</span>`;
      return `<a class="rg-share" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow"><strong>${title}</strong><small>${escapeHtml(new URL(href).host)}</small></a>`;
    }
    case 'reply':
      return badge(`reply to ${segment.data.message_id}`);
    case 'forward':
      return badge(`forwarded ${segment.data.forward_id}`);
    case 'face':
      return badge(`face ${String(segment.data.id)}`);
    case 'dice':
      return badge('🎲 dice');
    case 'rps':
      return badge('✊ rock-paper-scissors');
  }
}

function badge(label: string): string {
  return `<span class="rg-badge">${escapeHtml(label)}</span>`;
}
