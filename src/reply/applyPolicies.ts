import { findMarkup } from '../hygiene/findMarkup';
import { collectStrings } from '../json/collectStrings';
import { maskHostPaths } from '../hygiene/maskHostPaths';
import type { Issue } from '../issues/issue';
import { maskLeaks } from '../leaks/maskLeaks';
import { inspectMedia } from '../media/inspectMedia';
import { checkMentions } from '../policy/checkMentions';
import type { SegmentReply } from '../segments/segmentCatalog';
import type { Finding } from './replyResult';
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
 * in-place changes (media replacement, leak masking, host paths). Changes are reported as findings; the caller re-validates.
 */
export async function applyPolicies(reply: SegmentReply, policies: ReplyPolicies): Promise<PolicyOutcome> {
  // Both scanners decide their rules from one collection of the reply's strings.
  const allText = collectStrings(reply);
  const issues = [...(policies.hygiene === false ? [] : findMarkup(reply, undefined, allText)), ...(policies.mentions ? checkMentions(reply, policies.mentions) : [])];
  if (issues.length > 0) return { issues, reply, findings: [] };
  const findings: Finding[] = [];
  let current = reply;
  if (policies.media !== false) {
    const inspected = await inspectMedia(current, policies.media ?? {});
    current = inspected.reply;
    findings.push(...inspected.findings);
  }
  if (policies.leaks !== false) {
    // Media replacement only removes strings, so the collection still covers every candidate.
    const masked = maskLeaks(current, policies.leaks ?? {}, current === reply ? allText : undefined);
    current = masked.value;
    findings.push(...masked.findings);
  }
  if (policies.hostPaths) {
    const rewritten = maskHostPaths(current, policies.hostPaths);
    current = rewritten.value;
    findings.push(...rewritten.findings);
  }
  return { issues, reply: current, findings };
}
