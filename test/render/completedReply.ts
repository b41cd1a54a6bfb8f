import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';

/** A completed result carrying `value`, as `checkReply` would return it: what the renderer takes. */
export function completedReply(value: SegmentReply): ReplyResult<SegmentReply> {
  return {
    status: 'completed',
    value,
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
