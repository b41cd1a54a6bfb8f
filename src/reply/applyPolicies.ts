import { findMarkup } from '../hygiene/findMarkup';
import type { Issue } from '../issues/issue';
import { inspectMedia } from '../media/inspectMedia';
import { checkMentions } from '../policy/checkMentions';
import type { SegmentReply } from '../segments/segmentCatalog';
import { maskOutboundOf } from './maskOutbound';
import { textStream } from '../leaks/textStream';
import type { Finding } from '../results/replyResult';
import type { ReplyPolicies } from './replyPolicies';

/** What the policies decided about one valid reply. */
export interface PolicyOutcome {
  /** Issues that refuse the reply (a mention outside the conversation). */
  readonly issues: Issue[];
  /** The reply after replacements and masking. */
  readonly reply: SegmentReply;
  /** What was replaced or masked. */
  readonly findings: Finding[];
}

/**
 * Applies the IM policies in order: refusals first (reasoning and tool markup, mentions), then
 * in-place changes (media replacement, leak masking, host paths). Changes are reported as
 * findings; the caller re-validates.
 */
export async function applyPolicies(reply: SegmentReply, policies: ReplyPolicies): Promise<PolicyOutcome> {
  // Both scanners read the reply's strings as one stream, built once.
  const stream = policies.hygiene === false && policies.leaks === false ? undefined : textStream(reply);
  const issues = [...(policies.hygiene === false ? [] : findMarkup(reply, undefined, stream)), ...(policies.mentions ? checkMentions(reply, policies.mentions) : [])];
  if (issues.length > 0) return { issues, reply, findings: [] };
  const findings: Finding[] = [];
  let current = reply;
  if (policies.media !== false) {
    const inspected = await inspectMedia(current, policies.media ?? {});
    current = inspected.reply;
    findings.push(...inspected.findings);
  }
  // The stream is reused only while media replacement has changed nothing.
  const masked = maskOutboundOf(current, policies, current === reply ? stream : undefined);
  findings.push(...masked.findings);
  return { issues, reply: masked.value, findings };
}
