import type { Issue } from '../issues/issue';
import type { JsonLimits } from '../json/jsonLimits';
import type { ChatMessage, ModelAnswer, ModelProvider, ModelRequest } from '../providers/modelProvider';
import { type CustomSchema, type PreparedSchema, prepareSchema } from '../schema/customSchema';
import { SEGMENT_SCHEMA_NAME } from '../segments/providerSchemas';
import type { SegmentReply } from '../segments/segmentCatalog';
import { segmentInstruction } from '../segments/segmentInstruction';
import { segmentJsonSchema } from '../segments/segmentJsonSchema';
import { checkCustomReply, customStage } from './checkCustomReply';
import { checkReply } from './checkReply';
import { MAX_CORRECTION_REPLY, correctionPrompt } from './correctionPrompt';
import { DEFAULT_FAILURE_NOTICE } from './failureNotice';
import { finalizeReply } from './finalizeReply';
import type { ReplyPolicies } from './replyPolicies';
import type { ReplyResult, ReplyStage, Usage } from '../results/replyResult';

/** Where named schemas live, for `schemaRef`. */
export type SchemaRegistry = Readonly<Record<string, CustomSchema>> | ((ref: string) => CustomSchema | undefined | Promise<CustomSchema | undefined>);

/** Options of {@link enforceReply}. */
export interface EnforceReplyOptions extends ReplyPolicies {
  readonly provider: ModelProvider;
  /** The conversation so far (the last message is the user's turn). */
  readonly messages: readonly ChatMessage[];
  /** The host's system prompt; the IM format instruction is appended last. */
  readonly system?: string;
  /** The host's business tools, passed on the first call only, never on a correction. */
  readonly tools?: readonly unknown[];
  /** `'segments'` (IM preset, default), `false` (plain text) or a custom JSON/Standard Schema. */
  readonly schema?: 'segments' | false | CustomSchema;
  /** A custom schema by name, resolved from `registry` before any model call. */
  readonly schemaRef?: string;
  readonly registry?: SchemaRegistry;
  /** The custom schema's name and description, given to the model. */
  readonly name?: string;
  readonly description?: string;
  /** Custom schemas: corrections after the first answer (default 2, clamped to 0..5). */
  readonly maxRetries?: number;
  /** Custom schemas: what an exhausted turn returns. */
  readonly onExhausted?: 'error' | 'return_invalid';
  /** The turn's signal: aborting it ends the turn as `interrupted`. */
  readonly signal?: AbortSignal;
  /** The limit of the first model call, in ms (default 60 s). */
  readonly timeoutMs?: number;
  /** The limit of a correction call, in ms (default 30 s). */
  readonly correctionTimeoutMs?: number;
  /** The host's failure notice text (IM preset). */
  readonly failureNotice?: string;
  readonly limits?: Partial<JsonLimits>;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_CORRECTION_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;

/** The outcome of one model call. */
type Call = { readonly ok: true; readonly text: string; readonly usage?: Usage } | { readonly ok: false; readonly code: 'ABORTED' | 'TIMEOUT' | 'MODEL_FAILED' | 'NO_FINAL_MESSAGE'; readonly message: string; readonly usage?: Usage };

/**
 * Drives a model through one turn and returns one `ReplyResult`, whatever happens: the first
 * answer is checked; the IM preset allows at most one format-only correction (no history, no
 * business tools, the issues named, the bad reply quoted, a 30 s limit); nothing is returned
 * before validation. An aborted turn is `interrupted`, a failed call `error`.
 *
 * @example
 * const result = await enforceReply({ provider, system, messages: [{ role: 'user', content: 'hi' }], mentions: { allowed: members } });
 * send(result.status === 'completed' ? result.value.segments : result.notice?.segments ?? []);
 */
export async function enforceReply(options: EnforceReplyOptions): Promise<ReplyResult<unknown>> {
  const startedAt = performance.now();
  const custom = options.schemaRef !== undefined || (options.schema !== undefined && options.schema !== 'segments' && options.schema !== false);
  if (custom) return enforceCustom(options, startedAt);
  return enforceSegments(options, startedAt);
}

async function enforceSegments(options: EnforceReplyOptions, startedAt: number): Promise<ReplyResult<SegmentReply>> {
  const plain = options.schema === false;
  const enforcement = plain ? 'prompt_only' : options.provider.enforcement;
  const base = {
    enforcement,
    schemaName: plain ? 'text' : SEGMENT_SCHEMA_NAME,
    startedAt,
    failureNoticeText: options.failureNotice ?? DEFAULT_FAILURE_NOTICE,
  } as const;
  const instruction = plain ? '' : segmentInstruction();
  const schema = plain ? undefined : { name: SEGMENT_SCHEMA_NAME, jsonSchema: segmentJsonSchema() };
  const check = (text: string, stage: ReplyStage, attempts: number) =>
    checkReply(text, { ...options, schema: plain ? false : 'segments', stage, attempts, enforcement });

  const first = await callModel(options, { system: joinSystem(options.system, instruction), messages: options.messages, tools: options.tools, schema }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let usage = addUsage(undefined, first.usage);
  if (!first.ok) return finalizeReply({ ...base, ...callFailure(first), usage, attempts: 1, stage: 'model' });

  const checked = await check(first.text, 'model', 1);
  if (checked.status === 'completed' || plain) return withUsage(checked, usage, startedAt);
  if (first.text.length > MAX_CORRECTION_REPLY) {
    return finalizeReply({ ...base, status: 'validation_failed', issues: [...checked.issues, tooLongForCorrection(first.text.length)], usage, attempts: 1, stage: 'model' });
  }

  const correction = await callModel(options, correctionRequest(instruction, checked.issues, first.text, schema), options.correctionTimeoutMs ?? DEFAULT_CORRECTION_TIMEOUT_MS);
  usage = addUsage(usage, correction.usage);
  if (!correction.ok) return finalizeReply({ ...base, ...callFailure(correction), usage, attempts: 2, stage: 'correction' });
  return withUsage(await check(correction.text, 'correction', 2), usage, startedAt);
}

async function enforceCustom(options: EnforceReplyOptions, startedAt: number): Promise<ReplyResult<unknown>> {
  const schemaName = options.name ?? options.schemaRef ?? 'custom_reply';
  const base = { enforcement: options.provider.enforcement, schemaName, startedAt } as const;
  const resolved = await resolveCustomSchema(options);
  if (!resolved.ok) return finalizeReply({ ...base, status: 'error', issues: resolved.issues, attempts: 0, stage: 'model' });
  const prepared = resolved.schema;
  const instruction = customInstruction(schemaName, options.description, prepared);
  const schema = prepared.jsonSchema ? { name: schemaName, description: options.description, jsonSchema: prepared.jsonSchema } : undefined;
  const retries = Math.min(5, Math.max(0, Math.trunc(options.maxRetries ?? DEFAULT_MAX_RETRIES)));
  const enforcement = schema ? options.provider.enforcement : 'prompt_only';

  let usage: Usage | undefined;
  let request: ModelRequest = { system: joinSystem(options.system, instruction), messages: options.messages, tools: options.tools, schema };
  let lastIssues: Issue[] = [];
  let lastValue: unknown;
  let attempts = 0;
  while (attempts <= retries) {
    attempts++;
    const stage: ReplyStage = attempts === 1 ? 'model' : 'correction';
    const call = await callModel(options, request, attempts === 1 ? (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) : (options.correctionTimeoutMs ?? DEFAULT_CORRECTION_TIMEOUT_MS));
    usage = addUsage(usage, call.usage);
    if (!call.ok) return finalizeReply({ ...base, enforcement, ...callFailure(call), usage, attempts, stage });
    const verdict = await checkCustomReply(call.text, prepared, options);
    if (verdict.ok) {
      return finalizeReply({ ...base, enforcement, status: 'completed', value: verdict.value, findings: verdict.findings, usage, attempts, stage: customStage(verdict, stage) });
    }
    lastIssues = verdict.issues;
    lastValue = verdict.value;
    if (call.text.length > MAX_CORRECTION_REPLY) {
      lastIssues = [...lastIssues, tooLongForCorrection(call.text.length)];
      break;
    }
    request = correctionRequest(instruction, lastIssues, call.text, schema);
  }
  return exhausted(options, { ...base, enforcement, usage, attempts, stage: attempts === 1 ? 'model' : 'correction' }, lastIssues, lastValue);
}

function tooLongForCorrection(length: number): Issue {
  return { code: 'REPLY_TOO_LONG_FOR_CORRECTION', path: '', message: `the reply has ${length} characters; a correction quotes at most ${MAX_CORRECTION_REPLY}` };
}

function exhausted(options: EnforceReplyOptions, end: Omit<Parameters<typeof finalizeReply>[0], 'status'>, issues: Issue[], value: unknown): ReplyResult<unknown> {
  if (options.onExhausted === 'return_invalid' && value !== undefined) return finalizeReply({ ...end, status: 'validation_failed', issues, invalidValue: { value, attempt: end.attempts } });
  return finalizeReply({ ...end, status: 'validation_failed', issues });
}

async function resolveCustomSchema(options: EnforceReplyOptions): Promise<{ ok: true; schema: PreparedSchema } | { ok: false; issues: Issue[] }> {
  let schema: unknown = options.schema;
  if (options.schemaRef !== undefined) {
    const registry = options.registry;
    try {
      schema = typeof registry === 'function' ? await registry(options.schemaRef) : registry && Object.hasOwn(registry, options.schemaRef) ? registry[options.schemaRef] : undefined;
    } catch {
      schema = undefined;
    }
    if (schema === undefined) return { ok: false, issues: [{ code: 'SCHEMA_NOT_FOUND', path: '', message: `no schema is registered as "${options.schemaRef.slice(0, 64)}"` }] };
  }
  return prepareSchema(schema);
}

function customInstruction(name: string, description: string | undefined, schema: PreparedSchema): string {
  return [
    `Answer with exactly one JSON object that matches the schema "${name}"${description ? ` (${description})` : ''}, and nothing else: no Markdown code fence, no text before or after it.`,
    ...(schema.jsonSchema ? [`The JSON Schema: ${JSON.stringify(schema.jsonSchema)}`] : []),
  ].join('\n');
}

/** A correction: the format instruction alone, one message, no history and no business tools. */
function correctionRequest(instruction: string, issues: readonly Issue[], badReply: string, schema: ModelRequest['schema']): ModelRequest {
  return { system: instruction, messages: [{ role: 'user', content: correctionPrompt(issues, badReply) }], schema };
}

function joinSystem(host: string | undefined, instruction: string): string {
  return [host, instruction].filter((part) => part !== undefined && part !== '').join('\n\n');
}

/**
 * One model call bounded by the turn's signal and a timeout. A provider that ignores the signal
 * is not waited for: the call ends when the signal fires.
 */
async function callModel(options: EnforceReplyOptions, request: ModelRequest, timeoutMs: number): Promise<Call> {
  const turn = options.signal;
  if (turn?.aborted) return { ok: false, code: 'ABORTED', message: 'the turn was aborted' };
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = turn ? AbortSignal.any([turn, timeout.signal]) : timeout.signal;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const answer: ModelAnswer = await Promise.race([options.provider.generate(request, { signal }), aborted]);
    const text = answer.object !== undefined ? JSON.stringify(answer.object) : answer.text;
    if (typeof text !== 'string') return { ok: false, code: 'NO_FINAL_MESSAGE', message: 'the model ended without a final message', usage: answer.usage };
    return { ok: true, text, usage: answer.usage };
  } catch (error) {
    if (turn?.aborted) return { ok: false, code: 'ABORTED', message: 'the turn was aborted' };
    if (timeout.signal.aborted) return { ok: false, code: 'TIMEOUT', message: `the model did not answer within ${timeoutMs} ms` };
    return { ok: false, code: 'MODEL_FAILED', message: `the model call failed: ${String((error as Error)?.message ?? error).slice(0, 200)}` };
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
    aborted.catch(() => undefined);
  }
}

function callFailure(call: Extract<Call, { ok: false }>): { status: 'interrupted' | 'error'; issues: Issue[] } {
  const status = call.code === 'ABORTED' || call.code === 'NO_FINAL_MESSAGE' ? 'interrupted' : 'error';
  return { status, issues: [{ code: call.code, path: '', message: call.message }] };
}

function addUsage(total: Usage | undefined, more: Usage | undefined): Usage | undefined {
  if (!more) return total;
  return { inputTokens: (total?.inputTokens ?? 0) + more.inputTokens, outputTokens: (total?.outputTokens ?? 0) + more.outputTokens };
}

function withUsage<T>(result: ReplyResult<T>, usage: Usage | undefined, startedAt: number): ReplyResult<T> {
  return { ...result, usage: usage ?? result.usage, meta: { ...result.meta, durationMs: Math.max(0, performance.now() - startedAt) } };
}
