import type { ReplyResult } from '../results/replyResult';
import type { Segment, SegmentReply } from '../segments/segmentCatalog';
import { readerText } from '../text/readerText';
import { escapeHtml } from './escapeHtml';
import { type AllowedHosts, hostAllowed, imageHostSet } from './imageHosts';
import { imageLink } from './imageLink';
import { isSegmentReply } from './isSegmentReply';
import { mediaSource } from './mediaSource';
import { renderMarkdown } from './renderMarkdown';
import { safeHttpUrl } from './safeUrl';
import { shownFileName } from './shownFileName';
import { shownHost } from './shownHost';

/** Options of the renderers. */
export interface RenderOptions {
  /** The display name of a platform user id, for mention chips. */
  readonly mentionName?: ((id: string) => string | undefined) | undefined;
  /**
   * The hosts media may load from: exact hosts (`cdn.example.com`, or `host:port`; no
   * wildcards), or `'any'` to let every http(s) host load. It covers every element that would
   * fetch on its own or on play: Markdown images, image segments, audio and video. Without it,
   * nothing loads from outside: such media shows as a link to its address. Base64 media carries
   * its bytes and always shows.
   */
  readonly imageHosts?: readonly string[] | 'any' | undefined;
}

interface Context {
  readonly options: RenderOptions;
  readonly hosts: AllowedHosts;
}

const ICONS = { image: '🖼', audio: '🔊', video: '🎞' } as const;

/** What the reader sees of a field: bidi controls and invisible characters removed, escaped. */
const shown = (text: string) => escapeHtml(readerText(text).text);

/**
 * Renders a checked reply as safe HTML: the validated value when the turn completed, the host's
 * notice otherwise, nothing for an interrupted turn. The value is checked against the closed
 * catalog again here, so an unvalidated or tampered reply is never rendered.
 *
 * Nothing in the output runs or fetches on its own: Markdown is parsed by a CommonMark renderer
 * that is linear on any input, with raw HTML shown as text and unsafe link protocols dropped; an
 * image, audio or video loads only from base64 bytes of the right type or from a host the
 * `imageHosts` option allows (by default none: other media become links); audio and video load
 * nothing before the reader presses play (`preload="none"`); there is no `srcset`, `style` or
 * `poster`. Every segment and field is isolated (`dir="auto"`, `<bdi>`) and shown without bidi
 * controls or invisible characters, so no text reorders its neighbours. Serve pages that render
 * replies with a Content-Security-Policy whose `img-src` names the same hosts (see
 * docs/rendering.md), e.g.
 * `default-src 'self'; img-src data: https://cdn.example.com; media-src data: https://cdn.example.com; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`.
 *
 * @example
 * preview.innerHTML = renderHtml(await checkReply(modelText), { mentionName: (id) => members.get(id), imageHosts: ['cdn.example.com'] });
 */
export function renderHtml(result: ReplyResult<SegmentReply>, options: RenderOptions = {}): string {
  const reply = deliverable(result);
  if (!reply) return '';
  const context: Context = { options, hosts: imageHostSet(options.imageHosts) };
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
      return `<span class="rg-text" dir="auto">${shown(segment.data.text).replace(/\n/g, '<br>')}</span>`;
    case 'markdown':
      return `<div class="rg-markdown" dir="auto">${renderMarkdown(segment.data.content, hosts)}</div>`;
    case 'mention': {
      const name = options.mentionName?.(segment.data.target) ?? segment.data.target;
      return `<span class="rg-mention" dir="auto" data-user-id="${escapeHtml(segment.data.target)}">@${shown(name)}</span>`;
    }
    case 'image':
    case 'audio':
    case 'video': {
      const source = mediaSource(segment.data.media, segment.type);
      if (!source) return badge(`${segment.type} unavailable`);
      // A URL loads on sight (or on play) only from an allowed host; data: carries its bytes.
      if (segment.data.media.kind === 'url' && !hostAllowed(source, hosts)) {
        return imageLink(source, segment.type, ICONS[segment.type]);
      }
      const src = escapeHtml(source);
      if (segment.type !== 'image')
        return `<${segment.type} class="rg-${segment.type}" src="${src}" controls preload="none"></${segment.type}>`;
      return `<img class="rg-image" src="${src}" alt="image" loading="lazy" referrerpolicy="no-referrer">`;
    }
    case 'file':
      return badge(`file: ${shownFileName(segment.data.media)}`);
    case 'share': {
      const href = safeHttpUrl(segment.data.url);
      const title = shown(segment.data.title || segment.data.url);
      if (!href) return `<span class="rg-share" dir="auto">${title}</span>`;
      return `<a class="rg-share" dir="auto" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow"><strong dir="auto">${title}</strong><small dir="ltr">${escapeHtml(shownHost(href))}</small></a>`;
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
  return `<span class="rg-badge" dir="auto">${shown(label)}</span>`;
}
