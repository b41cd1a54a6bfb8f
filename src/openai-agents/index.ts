// The `replyguard/openai-agents` entry: replyguard in the OpenAI Agents SDK's own idiom — an output
// guardrail that trips on a reply that may not be delivered, and the segment schema bound as an
// agent's output type. `@openai/agents` is an optional peer, imported for types only.
export {
  replyguardOutputGuardrail,
  type ReplyguardOutputGuardrail,
  type ReplyguardOutputGuardrailOptions,
} from './replyguardOutputGuardrail';
export {
  segmentOutputType,
  type SegmentOutputType,
  type SegmentOutputTypeOptions,
} from './segmentOutputType';
export type { ReplyguardVerdict } from './replyguardVerdict';
