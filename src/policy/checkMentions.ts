import type { Issue } from '../issues/issue';
import { excerpt } from '../issues/excerpt';
import type { SegmentReply } from '../segments/segmentCatalog';

/** The mention policy: who may be mentioned in this conversation. */
export interface MentionPolicy {
  /** The platform ids that may be mentioned: the conversation's members and the sender. */
  readonly allowed: Iterable<string>;
}

/**
 * Checks every mention target against the ids the host allows. A target outside the set is an
 * issue (never a silent drop); shape validation alone never claims an id is real.
 */
export function checkMentions(reply: SegmentReply, policy: MentionPolicy): Issue[] {
  const allowed =
    policy.allowed instanceof Set ? (policy.allowed as Set<string>) : new Set(policy.allowed);
  const issues: Issue[] = [];
  reply.segments.forEach((segment, index) => {
    if (segment.type !== 'mention' || allowed.has(segment.data.target)) return;
    issues.push({
      code: 'MENTION_NOT_ALLOWED',
      path: `/segments/${index}/data/target`,
      message: `"${excerpt(segment.data.target)}" is not a member of this conversation; mention only the given ids`,
    });
  });
  return issues;
}
