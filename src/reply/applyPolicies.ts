import { findMarkup } from '../hygiene/findMarkup';
import { HYGIENE_RULES } from '../hygiene/hygieneRules';
import { stripHiddenCharacters } from '../hygiene/stripHiddenCharacters';
import type { Issue } from '../issues/issue';
import type { LeakRule } from '../leaks/leakRule';
import { leakRulesFor } from '../leaks/leakRulesFor';
import { scanText } from '../leaks/scanText';
import { inspectMedia } from '../media/inspectMedia';
import { checkMentions } from '../policy/checkMentions';
import type { Finding } from '../results/replyResult';
import type { SegmentReply } from '../segments/segmentCatalog';
import { maskOutboundOf } from './maskOutboundOf';
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
 * Applies the IM policies in order: hidden characters out of every string (what is scanned is
 * what any client displays), refusals (reasoning and tool markup, mentions), then in-place
 * changes (media replacement, leak masking, host paths). Changes are reported as findings; the
 * caller re-validates.
 */
export async function applyPolicies(
  reply: SegmentReply,
  policies: ReplyPolicies,
): Promise<PolicyOutcome> {
  // Both scanners read the reply's strings as one stream, built once (again only when hidden
  // characters came out), and scanned once with both rule sets (normalised views, wrapped lines
  // and decoded runs are made once).
  const stripped = stripHiddenCharacters(reply, false);
  const clean = stripped.value;
  const stream = stripped.stream;
  const rules =
    policies.hygiene === false || policies.leaks === false
      ? undefined
      : sharedRules(leakRulesFor(policies.leaks ?? {}));
  const found = rules ? scanText(stream.text, rules, stream.joins) : undefined;
  const issues = [
    ...(policies.hygiene === false ? [] : findMarkup(clean, undefined, stream, found)),
    ...(policies.mentions ? checkMentions(clean, policies.mentions) : []),
  ];
  if (issues.length > 0) return { issues, reply, findings: [] };
  const findings: Finding[] = [...stripped.findings];
  let current = clean;
  if (policies.media !== false) {
    const inspected = await inspectMedia(current, policies.media ?? {});
    current = inspected.reply;
    findings.push(...inspected.findings);
  }
  // The stream and its findings are reused only while media replacement has changed nothing
  // (findMarkup and findLeaks return at once when the shared scan found nothing).
  const masked = maskOutboundOf(
    current,
    policies,
    current === clean ? { stream, found } : undefined,
  );
  findings.push(...masked.findings);
  return { issues: masked.issues, reply: masked.value, findings };
}

const shared = new WeakMap<readonly LeakRule[], readonly LeakRule[] | undefined>();

/** The markup and leak rules as one set (kept per leak rule set); none when a rule id is in both, which would mix their findings. */
function sharedRules(leakRules: readonly LeakRule[]): readonly LeakRule[] | undefined {
  if (!shared.has(leakRules)) {
    const ids = new Set<string>(HYGIENE_RULES.map((rule) => rule.id));
    shared.set(
      leakRules,
      leakRules.some((rule) => ids.has(rule.id))
        ? undefined
        : (HYGIENE_RULES as readonly LeakRule[]).concat(leakRules),
    );
  }
  return shared.get(leakRules);
}
