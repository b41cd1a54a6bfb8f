import type { Media, SegmentReply } from '../segments/segmentCatalog';
import { base64Media } from './base64Media';
import type { MediaReader, MediaSegmentType } from './mediaPolicy';
import { SNIFF_BYTES, sniffMedia } from './sniffMedia';

/** Why media was replaced. */
export type MediaProblem =
  'media-invalid-base64' | 'media-unreadable' | 'media-type-mismatch' | 'media-too-large';

/** A media policy with its defaults filled in. */
export interface ResolvedMediaPolicy {
  readonly read: MediaReader | undefined;
  readonly maxBytes: Readonly<Record<MediaSegmentType, number>>;
  readonly readTimeoutMs: number;
}

/**
 * The byte inspection behind `inspectMedia` (a lazy chunk: only replies with media to inspect
 * load it): for each segment at `indexes` (a media segment holding base64, or a `url`/`path`
 * with a reader), what is wrong with its media, in order, or `undefined` when nothing is.
 */
export async function findMediaProblems(
  reply: SegmentReply,
  indexes: readonly number[],
  policy: ResolvedMediaPolicy,
): Promise<(MediaProblem | undefined)[]> {
  const problems: (MediaProblem | undefined)[] = [];
  for (const index of indexes) {
    const segment = reply.segments[index]!;
    const type = segment.type as MediaSegmentType;
    problems.push(await problemOf((segment.data as { media: Media }).media, type, policy));
  }
  return problems;
}

async function problemOf(
  media: Media,
  type: MediaSegmentType,
  policy: ResolvedMediaPolicy,
): Promise<MediaProblem | undefined> {
  const limit = policy.maxBytes[type];
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
  policy: ResolvedMediaPolicy,
  media: Media & { kind: 'url' | 'path' },
  type: MediaSegmentType,
): Promise<Uint8Array | undefined> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, policy.readTimeoutMs);
  });
  try {
    return await Promise.race([policy.read!(media, type, { signal: controller.signal }), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
