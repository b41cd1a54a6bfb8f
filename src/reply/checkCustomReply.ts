import type { Issue } from '../issues/issue';
import { DEFAULT_JSON_LIMITS, type JsonLimits } from '../json/jsonLimits';
import { parseJson } from '../json/parseJson';
import { quoteSource } from '../leaks/quoteSource';
import type { PreparedSchema } from '../schema/customSchema';
import { repairStringContainers } from '../schema/repairStringContainers';
import { type OutboundPolicies, maskOutbound } from './maskOutbound';
import type { Finding } from '../results/replyResult';

/** The verdict on one reply against a custom schema. */
export interface CustomVerdict {
  readonly ok: boolean;
  /** The parsed value, masked by the outbound policies; set whenever the text parsed. */
  readonly value?: unknown;
  readonly issues: Issue[];
  readonly findings: Finding[];
  /** `post_guardrail` when masking changed the value. */
  readonly masked: boolean;
}

/**
 * Checks a reply against a caller's schema: the same strict parser as the IM preset, the
 * caller's validator, then the outbound policies (hidden characters, leaks, host paths) over
 * every string, member name and number, and a second validation of what they changed. No IM
 * instruction, mention or media policy applies.
 */
export async function checkCustomReply(
  text: string,
  schema: PreparedSchema,
  options: OutboundPolicies & { readonly limits?: Partial<JsonLimits> } = {},
): Promise<CustomVerdict> {
  const limits = { ...DEFAULT_JSON_LIMITS, ...options.limits };
  const parsed = parseJson(text, limits);
  if (!parsed.ok) return { ok: false, issues: [parsed.issue], findings: [], masked: false };
  let accepted: unknown = parsed.value;
  const repairs: Finding[] = [];
  const issues = await safely(() => schema.validate(parsed.value));
  if (issues.length > 0) {
    // One repair: containers the model string-encoded, parsed strictly and validated again.
    const repaired = repairStringContainers(parsed.value, limits);
    if (!repaired || (await safely(() => schema.validate(repaired.value))).length > 0) {
      // A refused value may still be handed out (`return_invalid`): never with a secret in it,
      // and not at all when masking had to leave a member out.
      const shown = maskOutbound(parsed.value, options);
      return {
        ok: false,
        ...(shown.issues.length === 0 ? { value: shown.value } : {}),
        issues: [...issues, ...shown.issues],
        findings: shown.findings,
        masked: false,
      };
    }
    accepted = repaired.value;
    for (const path of repaired.paths)
      repairs.push({ code: 'CONTAINER_REPAIRED', rule: 'string-encoded-container', path });
  }
  const { value, findings, issues: collisions } = maskOutbound(accepted, options);
  if (findings.length === 0)
    return { ok: true, value: accepted, issues: [], findings: repairs, masked: false };
  if (collisions.length > 0)
    return { ok: false, issues: collisions, findings: [...repairs, ...findings], masked: true };
  // What the policies changed (a masked name, a number that became the mask) is validated again.
  const again = await safely(() => schema.validate(value));
  return {
    ok: again.length === 0,
    value,
    issues: again,
    findings: [...repairs, ...findings],
    masked: true,
  };
}

/** A validator that throws is a schema problem, reported, never thrown across the boundary. */
async function safely(validate: () => Promise<Issue[]>): Promise<Issue[]> {
  try {
    return await validate();
  } catch (error) {
    return [
      {
        code: 'INTERNAL',
        path: '',
        // Bounded, not shortened: the issue is masked, then shortened, as it leaves (redactAll).
        message: `the schema's validator threw: ${quoteSource(String((error as Error)?.message ?? error))}`,
      },
    ];
  }
}
