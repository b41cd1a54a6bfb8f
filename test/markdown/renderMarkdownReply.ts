import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';

/** A completed reply of one Markdown segment, as `renderHtml` receives it. */
export function markdownReply(content: string): ReplyResult<SegmentReply> {
  return {
    status: 'completed',
    value: { segments: [{ type: 'markdown', data: { content } }] },
    issues: [],
    findings: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    meta: {
      attempts: 1,
      stage: 'model',
      enforcement: 'prompt_only',
      schemaName: 'segment_reply',
      durationMs: 0,
    },
  };
}
