import * as v from 'valibot';

const Mentions = v.union([v.array(v.string()), v.strictObject({ allowed: v.array(v.string()) })]);

/**
 * The `replyguard` request field every route takes: closed, so a misspelt option is a 400 naming
 * it.
 */
export const ReplyguardField = v.strictObject({
  mentions: v.optional(Mentions),
  failure_notice: v.optional(v.string()),
  failureNotice: v.optional(v.string()),
  progress: v.optional(v.boolean()),
  maxRetries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(5))),
  onExhausted: v.optional(v.picklist(['error', 'return_invalid'])),
});

/** A parsed `replyguard` field. */
export type ReplyguardOptions = v.InferOutput<typeof ReplyguardField>;
