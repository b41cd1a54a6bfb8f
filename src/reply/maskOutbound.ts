import { type OutboundPolicies, type OutboundResult, maskOutboundOf } from './maskOutboundOf';

// The face the package index exports; the work is in maskOutboundOf.ts, which a lazy chunk may
// import (reply/replyChecks.ts) where it must not import a file the index names.
export { maskOutboundOf, type OutboundPolicies, type OutboundResult } from './maskOutboundOf';

/**
 * Removes hidden characters (bidirectional and invisible controls), masks leaks, then rewrites
 * host paths, in every string and member name of a value (host literals in numbers too), and
 * reports each change as a finding. A segment reply's visible text (text, Markdown, mention
 * targets, share titles) is scanned as one stream in delivery order, so a secret cut across
 * segments is masked in every piece; any other value is scanned string by string with adjacent
 * strings joined.
 *
 * @example
 * const { value, findings } = maskOutbound(reply, { leaks: { literals: [systemPrompt] } });
 */
export function maskOutbound<T>(value: T, policies: OutboundPolicies): OutboundResult<T> {
  return maskOutboundOf(value, policies);
}
