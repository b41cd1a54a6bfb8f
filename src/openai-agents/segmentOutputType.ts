import type { StandardSchemaWithJSON } from '@openai/agents';
import {
  failureNotice,
  lowerJsonSchema,
  maskOutbound,
  segmentJsonSchema,
  validateSegments,
  type CheckReplyOptions,
  type OutboundPolicies,
  type SegmentReply,
} from './core';

/**
 * Options of {@link segmentOutputType}: the guardrail's options, so one object serves both. The
 * output type applies the outbound policies (`leaks`, `hostPaths`) and the notice text (the
 * output when the model's object is not a segment reply); the guardrail, all of them.
 */
export type SegmentOutputTypeOptions = CheckReplyOptions;

/** The segment schema as an `@openai/agents` output type (a Standard Schema with its JSON Schema). */
export type SegmentOutputType = StandardSchemaWithJSON<unknown, SegmentReply>;

/**
 * Binds the segment schema as an agent's `outputType`: the model is asked for the segment reply
 * as strict structured output, and `finalOutput` is a typed `SegmentReply` with hidden
 * characters removed, leaks masked and host paths rewritten (synchronously, as the SDK asks of an
 * output type). An object that is not a segment reply becomes the failure notice, never the
 * object. Use it with {@link replyguardOutputGuardrail} and the same options: the guardrail judges
 * the whole reply (strict parsing of the model's text, mentions, markup, media) and trips when
 * what the SDK would deliver is not the checked reply.
 *
 * @example
 * const options = { mentions: { allowed: ['u1'] } };
 * const agent = new Agent({
 *   name: 'chat',
 *   instructions: `${hostPrompt}\n\n${segmentInstruction()}`,
 *   outputType: segmentOutputType(options),
 *   outputGuardrails: [replyguardOutputGuardrail(options)],
 * });
 */
export function segmentOutputType(options: SegmentOutputTypeOptions = {}): SegmentOutputType {
  const policies: OutboundPolicies = { leaks: options.leaks, hostPaths: options.hostPaths };
  const jsonSchema = () => lowerJsonSchema(segmentJsonSchema()) as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: 'replyguard',
      validate(value: unknown) {
        const validated = validateSegments(value);
        if (!validated.ok) return { value: failureNotice(options.failureNotice) };
        const masked = maskOutbound(validated.value, policies);
        // A member name that masking made equal to another: the reply is not to be delivered.
        return {
          value: masked.issues.length > 0 ? failureNotice(options.failureNotice) : masked.value,
        };
      },
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  };
}
