import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { completedReply } from '../render/completedReply';

/** A completed reply of one Markdown segment, as `renderHtml` receives it. */
export function markdownReply(content: string): ReplyResult<SegmentReply> {
  return completedReply({ segments: [{ type: 'markdown', data: { content } }] });
}
