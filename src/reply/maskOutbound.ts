import type { HostPathPolicy } from '../hygiene/maskHostPaths';
import { maskHostPaths } from '../hygiene/maskHostPaths';
import { type LeakOptions, maskLeaks } from '../leaks/maskLeaks';
import type { Finding } from '../results/replyResult';

/** The in-place outbound policies: what every delivered value goes through, whatever its schema. */
export interface OutboundPolicies {
  /** The leak scanner (on by default); `false` turns it off. */
  readonly leaks?: LeakOptions | false | undefined;
  /** The host's sensitive roots: paths under them are rewritten relative. */
  readonly hostPaths?: HostPathPolicy | undefined;
}

/**
 * Masks leaks, then rewrites host paths, in every string of a value, and reports both as
 * findings. A segment reply's visible text (text, Markdown, share titles) is scanned as one
 * stream in delivery order, so a secret cut across segments is masked in every piece; any other
 * value is scanned string by string with adjacent strings joined.
 *
 * @example
 * const { value, findings } = maskOutbound(reply, { leaks: { literals: [systemPrompt] } });
 */
export function maskOutbound<T>(value: T, policies: OutboundPolicies): { value: T; findings: Finding[] } {
  const masked = policies.leaks === false ? { value, findings: [] } : maskLeaks(value, policies.leaks ?? {});
  if (!policies.hostPaths) return masked;
  const rewritten = maskHostPaths(masked.value, policies.hostPaths);
  return { value: rewritten.value, findings: [...masked.findings, ...rewritten.findings] };
}
