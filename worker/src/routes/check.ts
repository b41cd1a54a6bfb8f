import * as v from 'valibot';
import { type CheckReplyOptions, checkReply } from '../../../src/index';
import type { Config } from '../env';
import { json, jsonError } from '../http/jsonResponse';
import { readBody } from '../http/readBody';
import { badRequest, bodyError, hasMediaType, readJsonBody } from './requestBody';

/** The JSON form of a check request: the raw reply and the policy options. */
export const CheckRequestSchema = v.strictObject({
  reply: v.string(),
  schema: v.optional(v.union([v.literal('segments'), v.literal(false)])),
  mentions: v.optional(v.array(v.string())),
  leaks: v.optional(v.union([v.literal(false), v.strictObject({ literals: v.optional(v.array(v.string())), allow: v.optional(v.array(v.string())) })])),
  hostPaths: v.optional(v.array(v.strictObject({ root: v.string(), replacement: v.string() }))),
  failureNotice: v.optional(v.string()),
});

/**
 * `POST /v1/check`: a raw model reply in (as `text/plain`, or JSON with policy options), the
 * `ReplyResult` out: 200 when it can be delivered, 422 when it cannot.
 */
export async function handleCheck(request: Request, config: Config, cors: Record<string, string>): Promise<Response> {
  let reply: string;
  let options: CheckReplyOptions = { failureNotice: config.failureNotice };
  if (hasMediaType(request, 'text/plain')) {
    const body = await readBody(request, config.maxBodyBytes);
    if (!body.ok) return bodyError(body, cors);
    reply = body.text;
  } else if (hasMediaType(request, 'application/json')) {
    const body = await readJsonBody(request, config.maxBodyBytes, cors);
    if (!body.ok) return body.response;
    const parsed = v.safeParse(CheckRequestSchema, body.value);
    if (!parsed.success) return badRequest('the check request does not match {reply, schema?, mentions?, leaks?, hostPaths?, failureNotice?}', cors);
    const input = parsed.output;
    reply = input.reply;
    options = {
      schema: input.schema,
      mentions: input.mentions ? { allowed: input.mentions } : undefined,
      leaks: input.leaks,
      hostPaths: input.hostPaths ? { roots: input.hostPaths } : undefined,
      failureNotice: input.failureNotice ?? config.failureNotice,
    };
  } else {
    return jsonError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the reply as text/plain, or as application/json {"reply": "..."}', cors);
  }
  const result = await checkReply(reply, options);
  return json(result, result.status === 'completed' ? 200 : 422, cors);
}
