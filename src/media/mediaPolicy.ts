import type { Media } from '../segments/segmentCatalog';

/** The segment types that carry media. */
export type MediaSegmentType = 'image' | 'audio' | 'video' | 'file';

/**
 * Reads the bytes behind a `url` or `path` reference for inspection. Return `undefined` (or
 * throw) when the media cannot be read; the segment is then replaced by the notice. Reading a
 * prefix is enough for the type check, but the size limit is checked on what is returned.
 */
export type MediaReader = (
  media: Media & { kind: 'url' | 'path' },
  type: MediaSegmentType,
  context: { readonly signal: AbortSignal },
) => Promise<Uint8Array | undefined> | Uint8Array | undefined;

/** The media policy. */
export interface MediaPolicy {
  /** Reads `url`/`path` media; without it those pass through uninspected. */
  readonly read?: MediaReader | undefined;
  /** Decoded size limits in bytes, per segment type. */
  readonly maxBytes?: Partial<Record<MediaSegmentType, number>> | undefined;
  /** The text of the segment that replaces unavailable media. */
  readonly unavailableText?: string | undefined;
  /** How long one `read` may take before the media counts as unreadable (default 10 s). */
  readonly readTimeoutMs?: number | undefined;
}

/** The default limit of one `read` call. */
export const DEFAULT_READ_TIMEOUT_MS = 10_000;

/**
 * The default decoded size limits: 5 MiB images, 10 MiB audio, 20 MiB video and files. Written
 * as numbers, not `5 * 1024 * 1024`: esbuild counts a product as a possible side effect, so an
 * unused object of products stayed in every bundle that imports the index (`{ checkReply }`'s
 * first load included), even marked pure.
 */
export const DEFAULT_MEDIA_MAX_BYTES: Readonly<Record<MediaSegmentType, number>> =
  /* @__PURE__ */ Object.freeze({
    image: 5_242_880,
    audio: 10_485_760,
    video: 20_971_520,
    file: 20_971_520,
  });

/** The default notice text. */
export const DEFAULT_UNAVAILABLE_TEXT = '[attachment unavailable]';
