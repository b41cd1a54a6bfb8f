import * as v from 'valibot';
import type { CheckReplyOptions } from '../../reply/checkReply';
import { plainObject } from '../turn/plainObject';

const Strings = v.array(v.string());
const HostRoot = v.strictObject({ root: v.string(), replacement: v.string() });
const Bytes = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The JSON form of a check request: the raw reply and the policy options, each in the short form
 * (`mentions: [ids]`, `hostPaths: [roots]`) or the library's own (`mentions: { allowed }`,
 * `hostPaths: { roots }`). Closed: an unknown option is a 400 naming it.
 */
export const CheckRequestSchema = v.strictObject({
  reply: v.string(),
  schema: v.optional(
    v.union([
      v.literal('segments'),
      v.literal(false),
      v.literal(true),
      plainObject('a JSON Schema object'),
    ]),
  ),
  schemaRef: v.optional(v.pipe(v.string(), v.minLength(1))),
  name: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a name of 1 to 64 letters, digits, _ or -'),
    ),
  ),
  mentions: v.optional(v.union([Strings, v.strictObject({ allowed: Strings })])),
  leaks: v.optional(
    v.union([
      v.literal(false),
      v.strictObject({ literals: v.optional(Strings), allow: v.optional(Strings) }),
    ]),
  ),
  hostPaths: v.optional(v.union([v.array(HostRoot), v.strictObject({ roots: v.array(HostRoot) })])),
  media: v.optional(
    v.union([
      v.literal(false),
      v.strictObject({
        maxBytes: v.optional(
          v.strictObject({
            image: v.optional(Bytes),
            audio: v.optional(Bytes),
            video: v.optional(Bytes),
          }),
        ),
        unavailableText: v.optional(v.string()),
      }),
    ]),
  ),
  hygiene: v.optional(v.boolean()),
  failureNotice: v.optional(v.string()),
});

/** A parsed check request. */
export type CheckRequest = v.InferOutput<typeof CheckRequestSchema>;

/** The policies of a check request in the library's option shape. */
export function checkOptions(
  input: CheckRequest,
  failureNotice: string | undefined,
): CheckReplyOptions {
  return {
    mentions:
      input.mentions === undefined
        ? undefined
        : Array.isArray(input.mentions)
          ? { allowed: input.mentions }
          : { allowed: input.mentions.allowed },
    leaks: input.leaks,
    hostPaths:
      input.hostPaths === undefined
        ? undefined
        : Array.isArray(input.hostPaths)
          ? { roots: input.hostPaths }
          : { roots: input.hostPaths.roots },
    media: input.media,
    hygiene: input.hygiene,
    failureNotice: input.failureNotice ?? failureNotice,
  };
}
