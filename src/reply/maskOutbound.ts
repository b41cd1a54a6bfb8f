import type { HostPathPolicy } from '../hygiene/maskHostPaths';
import { maskHostPaths } from '../hygiene/maskHostPaths';
import { type LeakOptions, maskLeaks } from '../leaks/maskLeaks';
import type { Finding } from '../results/replyResult';

/** The in-place outbound policies: what every delivered value goes through, whatever its schema. */
export interface OutboundPolicies {
  /** The leak scanner (on by default); `false` turns it off. */
  readonly leaks?: LeakOptions | false;
  /** The host's sensitive roots: paths under them are rewritten relative. */
  readonly hostPaths?: HostPathPolicy;
}

/**
 * Masks leaks, then rewrites host paths, in every string of a value, and reports both as
 * findings. `allText` is `collectStrings(value)`, for a caller that has it already.
 */
export function maskOutbound<T>(value: T, policies: OutboundPolicies, allText?: string): { value: T; findings: Finding[] } {
  const masked = policies.leaks === false ? { value, findings: [] } : maskLeaks(value, policies.leaks ?? {}, allText);
  if (!policies.hostPaths) return masked;
  const rewritten = maskHostPaths(masked.value, policies.hostPaths);
  return { value: rewritten.value, findings: [...masked.findings, ...rewritten.findings] };
}
