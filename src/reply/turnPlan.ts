import type { Issue } from '../issues/issue';
import type { JsonObserver } from '../json/jsonObserver';
import type { ModelRequest } from '../providers/modelProvider';
import type { Enforcement, Finding } from '../results/replyResult';
import {
  type CustomSchema,
  type PreparedResult,
  type PreparedSchema,
  prepareSchema,
} from '../schema/customSchema';
import type { SchemaRegistry } from '../schema/schemaRegistry';
import { SEGMENT_SCHEMA_NAME } from '../segments/providerSchemas';
import { segmentInstruction } from '../segments/segmentInstruction';
import { segmentJsonSchema } from '../segments/segmentJsonSchema';
import { checkCustomReply } from './checkCustomReply';
import { type CheckReplyOptions, checkReplyWith } from './checkReply';
import { DEFAULT_FAILURE_NOTICE } from './failureNotice';
import { replyChecks } from './replyChecks';
import type { TurnOptions } from './turnOptions';

/** The verdict on one attempt's answer, the same shape for every mode. */
export interface AttemptVerdict {
  readonly ok: boolean;
  /** The delivered value (completed), or the last parsed value (refused custom replies). */
  readonly value?: unknown;
  readonly issues: readonly Issue[];
  readonly findings: readonly Finding[];
  /** The policies changed the answer: a refusal now ends the turn, it is not corrected. */
  readonly postGuardrail: boolean;
}

/** What a turn asks of the model and how it judges the answers. */
export interface TurnPlan {
  readonly mode: 'segments' | 'plain' | 'custom';
  readonly schemaName: string;
  readonly enforcement: Enforcement;
  /** The format instruction: appended to the host's system prompt, and a correction's whole system prompt. */
  readonly instruction: string;
  readonly schema?: ModelRequest['schema'];
  /** Corrections allowed after the first answer. */
  readonly corrections: number;
  /** The IM preset's notice text; custom schemas have none. */
  readonly failureNoticeText?: string;
  /** A custom schema's streaming judge (`createSchemaJudge`), when the schema can be judged early. */
  readonly judge?: () => JsonObserver;
  check(text: string, attempt: number): Promise<AttemptVerdict>;
}

const DEFAULT_MAX_RETRIES = 2;

/** The default name of a custom schema, as the model sees it. */
const DEFAULT_CUSTOM_SCHEMA_NAME = 'reply';

/**
 * Decides the turn's mode and prepares its checks. A custom schema that is missing or malformed
 * is refused here, before any model call.
 */
export async function planTurn(
  options: TurnOptions,
): Promise<{ ok: true; plan: TurnPlan } | { ok: false; issues: Issue[]; schemaName: string }> {
  const custom =
    options.preparedSchema !== undefined ||
    options.schemaRef !== undefined ||
    (options.schema !== undefined && options.schema !== 'segments' && options.schema !== false);
  if (custom) return planCustom(options);
  const plain = options.schema === false;
  const failureNoticeText = options.failureNotice ?? DEFAULT_FAILURE_NOTICE;
  if (plain) {
    return {
      ok: true,
      plan: {
        mode: 'plain',
        schemaName: 'text',
        enforcement: 'prompt_only',
        instruction: '',
        corrections: 0,
        failureNoticeText,
        check: (text) => segmentVerdict(text, withSchema(options, false)),
      },
    };
  }
  return {
    ok: true,
    plan: {
      mode: 'segments',
      schemaName: SEGMENT_SCHEMA_NAME,
      enforcement: options.provider.enforcement,
      instruction: segmentInstruction(),
      schema: { name: SEGMENT_SCHEMA_NAME, jsonSchema: segmentJsonSchema() },
      corrections: 1,
      failureNoticeText,
      check: (text) => segmentVerdict(text, withSchema(options, 'segments')),
    },
  };
}

// A turn's first load carries the scanner (it masks and redacts with it): its answers are checked
// with the same checks, not a lazily loaded second copy (see checkReplyWith).
const loadTurnChecks = () => Promise.resolve(replyChecks);

/**
 * The host's options (every member read, as a spread reads them) with this schema. The schema is
 * written first and set again after: V8 builds a spread followed by a new member slowly (0.6 µs
 * against 0.07, some µs a turn with what follows); the checks read members, never their order.
 * Not Object.assign: it would make an own `__proto__` member (JSON.parse makes them) the prototype.
 */
function withSchema(options: TurnOptions, schema: false | 'segments'): CheckReplyOptions {
  const copy: { schema?: TurnOptions['schema'] } = { schema, ...options };
  copy.schema = schema;
  return copy as CheckReplyOptions;
}

async function segmentVerdict(text: string, options: CheckReplyOptions): Promise<AttemptVerdict> {
  const result = await checkReplyWith(text, options, loadTurnChecks);
  const postGuardrail = result.meta.stage === 'post_guardrail';
  if (result.status === 'completed')
    return { ok: true, value: result.value, issues: [], findings: result.findings, postGuardrail };
  return { ok: false, issues: result.issues, findings: result.findings, postGuardrail };
}

async function planCustom(
  options: TurnOptions,
): Promise<{ ok: true; plan: TurnPlan } | { ok: false; issues: Issue[]; schemaName: string }> {
  const schemaName = options.name ?? options.schemaRef ?? DEFAULT_CUSTOM_SCHEMA_NAME;
  const prepared = options.preparedSchema
    ? { ok: true as const, schema: options.preparedSchema }
    : await resolveAndPrepare(options);
  if (!prepared.ok) return { ok: false, schemaName, issues: prepared.issues };
  const schema = prepared.schema;
  const jsonSchema = schema.jsonSchema
    ? {
        name: schemaName,
        ...(options.description ? { description: options.description } : {}),
        jsonSchema: schema.jsonSchema,
      }
    : undefined;
  return {
    ok: true,
    plan: {
      mode: 'custom',
      schemaName,
      enforcement: jsonSchema ? options.provider.enforcement : 'prompt_only',
      instruction: customInstruction(schemaName, options.description, schema),
      ...(jsonSchema ? { schema: jsonSchema } : {}),
      ...(schema.judge ? { judge: schema.judge } : {}),
      // NaN (or no number) is the default; anything else clamps, so Infinity is 5, not 2.
      corrections:
        typeof options.maxRetries !== 'number' || Number.isNaN(options.maxRetries)
          ? DEFAULT_MAX_RETRIES
          : Math.min(5, Math.max(0, Math.trunc(options.maxRetries))),
      check: async (text) => {
        const verdict = await checkCustomReply(text, schema, options);
        return {
          ok: verdict.ok,
          ...(verdict.value !== undefined ? { value: verdict.value } : {}),
          issues: verdict.issues,
          findings: verdict.findings,
          postGuardrail: verdict.masked,
        };
      },
    },
  };
}

/** The turn's custom schema (by `schemaRef` from the registry, or `schema`), made ready. */
async function resolveAndPrepare(options: TurnOptions): Promise<PreparedResult> {
  const resolved =
    options.schemaRef !== undefined
      ? await lookUp(options.registry, options.schemaRef)
      : options.schema;
  if (resolved === undefined) {
    return {
      ok: false,
      issues: [
        {
          code: 'SCHEMA_NOT_FOUND',
          path: '',
          message: `no schema is registered as "${String(options.schemaRef).slice(0, 64)}"`,
        },
      ],
    };
  }
  return prepareSchema(resolved);
}

/** A registry that throws or has no such name answers "not found", never a throw. */
async function lookUp(
  registry: SchemaRegistry | undefined,
  ref: string,
): Promise<CustomSchema | undefined> {
  try {
    let found: CustomSchema | undefined | null;
    if (typeof registry === 'function') found = await registry(ref);
    else if (registry && typeof (registry as { get?: unknown }).get === 'function')
      found = (await (registry as { get(ref: string): unknown }).get(ref)) as
        CustomSchema | undefined | null;
    else if (registry && Object.hasOwn(registry, ref))
      found = (registry as Readonly<Record<string, CustomSchema>>)[ref];
    return found ?? undefined;
  } catch {
    return undefined;
  }
}

function customInstruction(
  name: string,
  description: string | undefined,
  schema: PreparedSchema,
): string {
  return [
    `Answer with exactly one JSON object that matches the schema "${name}"${description ? ` (${description})` : ''}, and nothing else: no Markdown code fence, no text before or after it.`,
    ...(schema.jsonSchema ? [`The JSON Schema: ${JSON.stringify(schema.jsonSchema)}`] : []),
  ].join('\n');
}
