import type { ReplyResult } from '../results/replyResult';
import type { Segment, SegmentReply } from '../segments/segmentCatalog';
import { escapeHtml } from './escapeHtml';
import { hostAllowed, imageHostSet } from './imageHosts';
import { imageLink } from './imageLink';
import { isSegmentReply } from './isSegmentReply';
import { mediaSource } from './mediaSource';
import { renderMarkdown } from './renderMarkdown';
import { safeHttpUrl } from './safeUrl';

/** Options of the renderers. */
export interface RenderOptions {
  /** The display name of a platform user id, for mention chips. */
  readonly mentionName?: ((id: string) => string | undefined) | undefined;
  /**
   * The hosts images may load from, exact (`cdn.example.com`, or `host:port`; no wildcards).
   * A Markdown image loads only from these hosts (none when the list is absent or empty) and is
   * otherwise shown as a link; when the list is given, an image segment's URL must be on it too.
   * Base64 images carry their bytes and always show.
   */
  readonly imageHosts?: readonly string[] | undefined;
}

interface Context {
  readonly options: RenderOptions;
  readonly hosts: ReadonlySet<string>;
}

/**
 * Renders a checked reply as safe HTML: the validated value when the turn completed, the host's
 * notice otherwise, nothing for an interrupted turn. The value is checked against the closed
 * catalog again here, so an unvalidated or tampered reply is never rendered.
 *
 * Nothing in the output runs or fetches on its own: Markdown goes through micromark with raw HTML
 * shown as text and unsafe link protocols dropped; an image loads only from base64 bytes of the
 * right type or from a host on `imageHosts` (any other image becomes a link); audio and video
 * load nothing before the reader presses play (`preload="none"`); there is no `srcset`, `style`
 * or `poster`. Serve pages that render replies with a Content-Security-Policy whose `img-src`
 * names the same hosts, so the browser enforces the list too (see docs/rendering.md), e.g.
 * `default-src 'self'; img-src data: https://cdn.example.com; media-src data: https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`.
 *
 * @example
 * preview.innerHTML = renderHtml(await checkReply(modelText), { mentionName: (id) => members.get(id), imageHosts: ['cdn.example.com'] });
 */
export function renderHtml(result: ReplyResult<SegmentReply>, options: RenderOptions = {}): string {
  const reply = deliverable(result);
  if (!reply) return '';
  const context: Context = { options, hosts: imageHostSet(options.imageHosts ?? []) };
  return reply.segments.map((segment) => renderSegment(segment, context)).join('');
}

/** What a result delivers, checked again; `undefined` when there is nothing safe to render. */
export function deliverable(result: ReplyResult<SegmentReply>): SegmentReply | undefined {
  const candidate: unknown =
    result.status === 'completed'
      ? result.value
      : result.status === 'interrupted'
        ? undefined
        : result.notice;
  return isSegmentReply(candidate) ? candidate : undefined;
}

function renderSegment(segment: Segment, { options, hosts }: Context): string {
  switch (segment.type) {
    case 'text':
      return `<span class="rg-text">${escapeHtml(segment.data.text).replace(/\n/g, '<br>')}</span>`;
    case 'markdown':
      return `<div class="rg-markdown">${renderMarkdown(segment.data.content, hosts)}</div>`;
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
      if (segment.type !== 'image')
        return `<${segment.type} class="rg-${segment.type}" src="${src}" controls preload="none"></${segment.type}>`;
      // An image loads on sight, so with a list given its host must be on it (data: always shows).
      if (options.imageHosts && segment.data.media.kind === 'url' && !hostAllowed(source, hosts))
        return imageLink(source, 'image');
      return `<img class="rg-image" src="${src}" alt="image" loading="lazy" referrerpolicy="no-referrer">`;
    }
    case 'file':
      return badge(
        `file: ${segment.data.media.kind === 'url' && safeHttpUrl(segment.data.media.value) ? new URL(segment.data.media.value).pathname.split('/').pop() || 'download' : 'attachment'}`,
      );
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
