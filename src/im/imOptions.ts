import type { MediaSegmentType } from '../media/mediaPolicy';

/** How a checked reply is turned into a platform's message. */
export interface ImOptions {
  /**
   * Lets a mention of `all` (or `here`, `everyone`) become the platform's @everyone. Off by
   * default: such a mention is delivered as the text `@all`, so no reply pings a whole group
   * unless the host asks for it (the mention policy's allowed set is a second, separate gate).
   */
  readonly atAll?: boolean;
  /**
   * Maps a `path` media value to what the platform should load (a `file:///…` URI, or any
   * reference the host trusts), or `undefined` to refuse it. Without it every `path` is refused:
   * a model-written path would make the bot read a file of its own host.
   */
  readonly localFile?: (path: string, type: MediaSegmentType) => string | undefined;
  /** The text sent instead of media that cannot be referenced safely. */
  readonly unavailableText?: string;
}

/** The default text for media that cannot be referenced safely (the media policy's wording). */
export const UNAVAILABLE_TEXT = '[attachment unavailable]';
