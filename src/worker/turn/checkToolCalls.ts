import type { Issue } from '../../issues/issue';
import type { LeakOptions } from '../../leaks/leakOptions';
import type { Finding, ToolCall } from '../../results/replyResult';
import { maskOutbound, parseJson } from '../core';
import type { ToolCallLeaks } from '../workerConfig';

/** Tool calls as they may leave for the client, what changed in them, and why they may not. */
export interface CheckedToolCalls {
  readonly calls: readonly ToolCall[];
  /** What was masked or cleaned, at `/toolCalls/<i>/arguments…`, `/id` or `/name`. */
  readonly findings: readonly Finding[];
  /** Why the calls are not sent: a secret under `refuse`, or masked names that met. */
  readonly refused?: string;
}

/**
 * The tool calls of a turn as they leave the Worker for its client, which may be a browser:
 * their arguments (each string and member name of the JSON, or the text when it is not JSON),
 * ids and names read by the reply's policies — the leak scanner with the Worker's secrets as
 * literals, hidden characters removed. `mask` masks and reports; `refuse` refuses calls that carry
 * a secret; `pass` sends them as the model wrote them. The core's own `toolCalls` (what a host
 * that runs the tools gets) are never changed: this is the Worker's exit.
 */
export function checkToolCalls(
  calls: readonly ToolCall[],
  leaks: LeakOptions,
  policy: ToolCallLeaks,
): CheckedToolCalls {
  if (policy === 'pass') return { calls, findings: [] };
  const findings: Finding[] = [];
  const issues: Issue[] = [];
  const checked = calls.map((call, index): ToolCall => {
    const at = `/toolCalls/${index}`;
    const text = (value: string, path: string): string => {
      const masked = maskOutbound(value, { leaks });
      findings.push(...masked.findings.map((item) => ({ ...item, path: path + item.path })));
      return masked.value;
    };
    return {
      ...call,
      id: text(call.id, `${at}/id`),
      name: text(call.name, `${at}/name`),
      arguments: argumentsOf(call.arguments, `${at}/arguments`, leaks, findings, issues, text),
    };
  });
  const leaked = findings.some((item) => item.code === 'LEAK_MASKED');
  if (policy === 'refuse' && leaked)
    return {
      calls,
      findings,
      refused: 'a tool call the model asked for carries a secret, and TOOL_CALL_LEAKS is refuse',
    };
  if (issues.length > 0)
    return {
      calls,
      findings,
      refused: 'the arguments of a tool call, once masked, have two members of one name',
    };
  return { calls: checked, findings };
}

/** The arguments read as JSON (each string and name), or as text when they are not JSON. */
function argumentsOf(
  text: string,
  path: string,
  leaks: LeakOptions,
  findings: Finding[],
  issues: Issue[],
  asText: (value: string, path: string) => string,
): string {
  const parsed = parseJson(text);
  if (!parsed.ok) return asText(text, path);
  const masked = maskOutbound(parsed.value, { leaks });
  if (masked.findings.length === 0) return text;
  findings.push(...masked.findings.map((item) => ({ ...item, path: path + item.path })));
  issues.push(...masked.issues);
  return JSON.stringify(masked.value);
}
