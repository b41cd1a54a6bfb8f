import * as v from 'valibot';
import type { ReplyResult } from '../../results/replyResult';
import { checkCustomReply, checkReply, finalizeReply } from '../core';
import { type CheckRequest, CheckRequestSchema, checkOptions } from '../check/checkRequest';
import { errorResponse, replyguardError } from '../http/httpError';
import { json, jsonError } from '../http/jsonResponse';
import { readBody } from '../http/readBody';
import { recordOf } from '../logging/requestRecord';
import {
  badRequest,
  bodyError,
  hasMediaType,
  invalidField,
  readJsonBody,
} from '../http/requestBody';
import { prepareClientSchema } from '../schemas/prepareClientSchema';
import { loadSchema } from '../schemas/schemaStore';
import type { Config } from '../workerConfig';
import { clientLeaks, workerLeaks } from '../workerLeaks';

/** Options that only the segment schema has: refused beside a custom schema, never ignored. */
const SEGMENT_ONLY = ['mentions', 'media', 'hygiene', 'failureNotice'] as const;

/**
 * `POST /v1/check`: a raw model reply in (as `text/plain`, or JSON with policy options and,
 * optionally, a custom `schema` or a stored `schemaRef`), the `ReplyResult` out: 200 when it can be
 * delivered, 422 when it cannot.
 */
export async function handleCheck(
  request: Request,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  if (hasMediaType(request, 'text/plain')) {
    const body = await readBody(request, config.maxBodyBytes);
    if (!body.ok) return bodyError(body, cors);
    return answer(
      await checkReply(body.text, {
        failureNotice: config.failureNotice,
        leaks: workerLeaks(config),
      }),
      cors,
      request,
    );
  }
  if (!hasMediaType(request, 'application/json')) {
    return jsonError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'send the reply as text/plain, or as application/json {"reply": "..."}',
      cors,
    );
  }
  const body = await readJsonBody(request, config.maxBodyBytes, cors);
  if (!body.ok) return body.response;
  const parsed = v.safeParse(CheckRequestSchema, body.value);
  if (!parsed.success) return invalidField('the check request is wrong', parsed.issues, cors);
  const input = parsed.output;
  const custom =
    input.schemaRef !== undefined || typeof input.schema === 'object' || input.schema === true;
  if (!custom) {
    if (input.name !== undefined)
      return badRequest('`name` names a custom schema; this check uses the segment schema', cors, {
        field: 'name',
      });
    const options = checkOptions(input, config.failureNotice);
    return answer(
      await checkReply(input.reply, {
        ...options,
        leaks: clientLeaks(options.leaks, config),
        schema: input.schema as 'segments' | false | undefined,
      }),
      cors,
      request,
    );
  }
  return checkCustom(input, config, cors, request);
}

async function checkCustom(
  input: CheckRequest,
  config: Config,
  cors: Record<string, string>,
  request: Request,
): Promise<Response> {
  const startedAt = performance.now();
  if (input.schemaRef !== undefined && input.schema !== undefined)
    return badRequest('give either `schema` or `schemaRef`, not both', cors, {
      field: 'schemaRef',
    });
  const segmentOnly = SEGMENT_ONLY.find((key) => input[key] !== undefined);
  if (segmentOnly)
    return badRequest(
      `\`${segmentOnly}\` applies to the segment schema only, not to a custom schema`,
      cors,
      { field: segmentOnly },
    );
  let schema: unknown = input.schema;
  if (input.schemaRef !== undefined) {
    const loaded = await loadSchema(config.schemas, input.schemaRef);
    if (!loaded.ok)
      return jsonError(400, loaded.issue.code, loaded.issue.message, cors, { field: 'schemaRef' });
    schema = loaded.schema;
  }
  const prepared = await prepareClientSchema(schema, {
    field: input.schemaRef !== undefined ? 'schemaRef' : 'schema',
  });
  if (!prepared.ok) return errorResponse(replyguardError, prepared.error, cors);
  const given = checkOptions(input, undefined);
  const options = { ...given, leaks: clientLeaks(given.leaks, config) };
  const verdict = await checkCustomReply(input.reply, prepared.schema, {
    leaks: options.leaks,
    hostPaths: options.hostPaths,
  });
  const result = finalizeReply({
    status: verdict.ok ? 'completed' : 'validation_failed',
    value: verdict.ok ? verdict.value : undefined,
    issues: verdict.issues,
    findings: verdict.findings,
    attempts: 1,
    stage: verdict.masked ? 'post_guardrail' : 'model',
    enforcement: 'prompt_only',
    schemaName: input.name ?? input.schemaRef ?? 'reply',
    startedAt,
    leaks: options.leaks,
  });
  return answer(result, cors, request);
}

function answer(
  result: ReplyResult<unknown>,
  cors: Record<string, string>,
  request: Request,
): Response {
  // The request's log line carries the verdict's codes and figures.
  const record = recordOf(request);
  if (record) record.result = result;
  return json(result, result.status === 'completed' ? 200 : 422, cors);
}
