// The `replyguard/agentos` entry: replyguard as an AgentOS guardrail service — the reply enforced
// on FINAL_RESPONSE (sanitized to the checked reply or the notice, or blocked), streamed deltas
// withheld unless the host opts in. `@framers/agentos` is an optional peer, imported for types only.
export { replyguardGuardrail, type ReplyguardGuardrailOptions } from './replyguardGuardrail';
