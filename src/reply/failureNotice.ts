import type { SegmentReply } from '../segments/segmentCatalog';

/** The default text the host sends when a reply cannot be delivered. */
export const DEFAULT_FAILURE_NOTICE = 'Sorry, I could not produce a valid reply. Please try again.';

/**
 * The host-generated failure notice as a reply: a fixed text, never anything the model wrote.
 */
export function failureNotice(text: string = DEFAULT_FAILURE_NOTICE): SegmentReply {
  return { segments: [{ type: 'text', data: { text } }] };
}
