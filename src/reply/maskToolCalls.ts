import type { Issue } from '../issues/issue';
import { parseJson } from '../json/parseJson';
import type { Finding, ToolCall } from '../results/replyResult';
import { type OutboundPolicies, maskOutbound } from './maskOutbound';
import { redactAll } from './redactAll';

/** Tool calls as they may leave, what changed in them, and why they may not leave after all. */
export interface MaskedToolCalls {
  readonly calls: ToolCall[];
  /** What was masked or cleaned, at `/toolCalls/<i>/arguments…`, `/id` or `/name`. */
  readonly findings: Finding[];
  /** `MASKED_NAME_COLLISION`: masked argument names met; those calls are not to be sent. */
  readonly issues: Issue[];
}

/**
 * Tool calls made safe to send on to a client that does not run them (a browser, a log): the
 * arguments (each string and member name of their JSON, or the text when it is not JSON), ids and
 * names go through `maskOutbound`, and what changed is reported, its pointers and messages
 * redacted. The turn's own `toolCalls` are never changed: a host that runs the tools gets them as
 * the model wrote them; this is for what leaves.
 *
 * @example
 * const { calls, findings } = maskToolCalls(result.toolCalls ?? [], { leaks: { literals: [env.API_KEY] } });
 */
export function maskToolCalls(
  calls: readonly ToolCall[],
  policies: OutboundPolicies,
): MaskedToolCalls {
  const findings: Finding[] = [];
  const issues: Issue[] = [];
  const checked = calls.map((call, index): ToolCall => {
    const at = `/toolCalls/${index}`;
    const masked = <T>(value: T, path: string): T => {
      const result = maskOutbound(value, policies);
      findings.push(...result.findings.map((item) => ({ ...item, path: path + item.path })));
      issues.push(...result.issues.map((item) => ({ ...item, path: path + item.path })));
      return result.value;
    };
    const parsed = parseJson(call.arguments);
    let args = call.arguments;
    if (!parsed.ok) args = masked(call.arguments, `${at}/arguments`);
    else {
      const before = findings.length + issues.length;
      const value = masked(parsed.value, `${at}/arguments`);
      // Written again only when something changed: untouched arguments stay byte for byte.
      if (findings.length + issues.length > before) args = JSON.stringify(value);
    }
    return {
      ...call,
      id: masked(call.id, `${at}/id`),
      name: masked(call.name, `${at}/name`),
      arguments: args,
    };
  });
  return {
    calls: checked,
    findings: [...redactAll(findings, policies.leaks)],
    issues: [...redactAll(issues, policies.leaks)],
  };
}
