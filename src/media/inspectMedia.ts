import { appendPointer } from '../issues/appendPointer';
import type { Finding } from '../results/replyResult';
import type { Media, Segment, SegmentReply } from '../segments/segmentCatalog';
import type { MediaProblem } from './findMediaProblems';
import {
  DEFAULT_MEDIA_MAX_BYTES,
  DEFAULT_READ_TIMEOUT_MS,
  DEFAULT_UNAVAILABLE_TEXT,
  type MediaPolicy,
  type MediaSegmentType,
} from './mediaPolicy';

export type { MediaProblem } from './findMediaProblems';

/**
 * Byte-inspects the media of a validated reply: base64 always, `url`/`path` through the host's
 * `read` hook. Media that is unreadable, of another type than its segment, or over its size limit
 * is replaced by a notice segment, and a finding records why. `file` references are opaque. The
 * inspection loads on first use (a lazy chunk) and only for a reply with media to inspect; if it
 * cannot be loaded, that media is not delivered unseen: it is replaced as unreadable.
 */
export async function inspectMedia(
  reply: SegmentReply,
  policy: MediaPolicy = {},
): Promise<{ reply: SegmentReply; findings: Finding[] }> {
  const indexes: number[] = [];
  reply.segments.forEach((segment, index) => {
    // The media segment types are those with a default size limit.
    if (!Object.hasOwn(DEFAULT_MEDIA_MAX_BYTES, segment.type)) return;
    const { kind } = (segment.data as { media: Media }).media;
    if (kind === 'base64' || (kind !== 'file' && policy.read)) indexes.push(index);
  });
  if (indexes.length === 0) return { reply, findings: [] };
  let problems: (MediaProblem | undefined)[];
  let find: typeof import('./findMediaProblems').findMediaProblems | undefined;
  try {
    ({ findMediaProblems: find } = await import('./findMediaProblems'));
  } catch {
    find = undefined;
  }
  if (find) {
    const maxBytes = { ...DEFAULT_MEDIA_MAX_BYTES };
    for (const type of Object.keys(maxBytes) as MediaSegmentType[])
      maxBytes[type] = policy.maxBytes?.[type] ?? maxBytes[type];
    problems = await find(reply, indexes, {
      read: policy.read,
      maxBytes,
      readTimeoutMs: policy.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
    });
  } else {
    problems = indexes.map(() => 'media-unreadable');
  }
  const findings: Finding[] = [];
  let segments: Segment[] | undefined;
  indexes.forEach((index, i) => {
    const problem = problems[i];
    if (problem === undefined) return;
    findings.push({
      code: 'MEDIA_UNAVAILABLE',
      rule: problem,
      path: appendPointer('/segments', index),
    });
    (segments ??= reply.segments.slice())[index] = {
      type: 'text',
      data: { text: policy.unavailableText ?? DEFAULT_UNAVAILABLE_TEXT },
    };
  });
  return { reply: segments ? { segments } : reply, findings };
}
