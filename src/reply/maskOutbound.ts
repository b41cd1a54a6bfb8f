import type { HostPathPolicy } from '../hygiene/maskHostPaths';
import { maskHostPaths } from '../hygiene/maskHostPaths';
import { type LeakOptions, maskLeaksOf } from '../leaks/maskLeaks';
import type { TextFinding } from '../leaks/scanText';
import { type TextStream, textStream } from '../leaks/textStream';
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
export function maskOutbound<T>(
  value: T,
  policies: OutboundPolicies,
): { value: T; findings: Finding[] } {
  return maskOutboundOf(value, policies);
}

/** `maskOutbound`, given the value's text stream (and its findings, from a scan shared with other rules) when the caller has them. */
export function maskOutboundOf<T>(
  value: T,
  policies: OutboundPolicies,
  scanned?: { stream: TextStream; found?: readonly TextFinding[] },
): { value: T; findings: Finding[] } {
  const masked =
    policies.leaks === false
      ? { value, findings: [] }
      : maskLeaksOf(
          value,
          scanned?.stream ?? textStream(value),
          policies.leaks ?? {},
          scanned?.found,
        );
  if (!policies.hostPaths) return masked;
  const rewritten = maskHostPaths(masked.value, policies.hostPaths);
  return { value: rewritten.value, findings: [...masked.findings, ...rewritten.findings] };
}
