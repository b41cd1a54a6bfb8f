import type { LeakOptions } from '../../leaks/leakOptions';
import type { Finding, ToolCall } from '../../results/replyResult';
import { maskToolCalls } from '../core';
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
 * The tool calls of a turn as they leave the Worker for its client, which may be a browser: read
 * by the reply's policies (`maskToolCalls`: the leak scanner with the Worker's secrets as
 * literals, hidden characters removed). `mask` masks and reports; `refuse` refuses calls that
 * carry a secret; `pass` sends them as the model wrote them. The core's own `toolCalls` (what a
 * host that runs the tools gets) are never changed: this is the Worker's exit.
 */
export function checkToolCalls(
  calls: readonly ToolCall[],
  leaks: LeakOptions,
  policy: ToolCallLeaks,
): CheckedToolCalls {
  if (policy === 'pass') return { calls, findings: [] };
  const masked = maskToolCalls(calls, { leaks });
  const { findings } = masked;
  if (policy === 'refuse' && findings.some((item) => item.code === 'LEAK_MASKED'))
    return {
      calls,
      findings,
      refused: 'a tool call the model asked for carries a secret, and TOOL_CALL_LEAKS is refuse',
    };
  if (masked.issues.length > 0)
    return {
      calls,
      findings,
      refused: 'the arguments of a tool call, once masked, have two members of one name',
    };
  return { calls: masked.calls, findings };
}
