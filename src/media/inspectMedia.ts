import { appendPointer } from '../issues/encodePointer';
import type { Finding } from '../results/replyResult';
import type { Media, Segment, SegmentReply } from '../segments/segmentCatalog';
import { base64Media } from './base64Media';
import {
  DEFAULT_MEDIA_MAX_BYTES,
  DEFAULT_READ_TIMEOUT_MS,
  DEFAULT_UNAVAILABLE_TEXT,
  type MediaPolicy,
  type MediaSegmentType,
} from './mediaPolicy';
import { SNIFF_BYTES, sniffMedia } from './sniffMedia';

/** Why media was replaced. */
export type MediaProblem =
  'media-invalid-base64' | 'media-unreadable' | 'media-type-mismatch' | 'media-too-large';

/**
 * Byte-inspects the media of a validated reply: base64 always, `url`/`path` through the host's
 * `read` hook. Media that is unreadable, of another type than its segment, or over its size limit
 * is replaced by a notice segment, and a finding records why. `file` references are opaque.
 */
export async function inspectMedia(
  reply: SegmentReply,
  policy: MediaPolicy = {},
): Promise<{ reply: SegmentReply; findings: Finding[] }> {
  const findings: Finding[] = [];
  let segments: Segment[] | undefined;
  for (let index = 0; index < reply.segments.length; index++) {
    const segment = reply.segments[index]!;
    // The media segment types are those with a default size limit.
    if (!Object.hasOwn(DEFAULT_MEDIA_MAX_BYTES, segment.type)) continue;
    const type = segment.type as MediaSegmentType;
    const problem = await problemOf((segment.data as { media: Media }).media, type, policy);
    if (problem === undefined) continue;
    findings.push({
      code: 'MEDIA_UNAVAILABLE',
      rule: problem,
      path: appendPointer('/segments', index),
    });
    (segments ??= reply.segments.slice())[index] = {
      type: 'text',
      data: { text: policy.unavailableText ?? DEFAULT_UNAVAILABLE_TEXT },
    };
  }
  return { reply: segments ? { segments } : reply, findings };
}

async function problemOf(
  media: Media,
  type: MediaSegmentType,
  policy: MediaPolicy,
): Promise<MediaProblem | undefined> {
  const limit = policy.maxBytes?.[type] ?? DEFAULT_MEDIA_MAX_BYTES[type];
  if (media.kind === 'file') return undefined;
  let size: number;
  let head: Uint8Array;
  if (media.kind === 'base64') {
    const decoded = base64Media(media.value, SNIFF_BYTES);
    if (!decoded.ok) return 'media-invalid-base64';
    size = decoded.size;
    head = decoded.head;
  } else {
    if (!policy.read) return undefined;
    const bytes = await readWithin(policy, media as Media & { kind: 'url' | 'path' }, type);
    if (!(bytes instanceof Uint8Array) || bytes.length === 0) return 'media-unreadable';
    size = bytes.length;
    head = bytes.subarray(0, SNIFF_BYTES);
  }
  if (size > limit) return 'media-too-large';
  if (type === 'file') return undefined;
  const sniffed = sniffMedia(head);
  return sniffed && sniffed.kinds.includes(type) ? undefined : 'media-type-mismatch';
}

/** Calls the host's reader, bounded in time: a read that fails or hangs is "unreadable". */
async function readWithin(
  policy: MediaPolicy,
  media: Media & { kind: 'url' | 'path' },
  type: MediaSegmentType,
): Promise<Uint8Array | undefined> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, policy.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS);
  });
  try {
    return await Promise.race([policy.read!(media, type, { signal: controller.signal }), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
