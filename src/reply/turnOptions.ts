import type { JsonLimits } from '../json/jsonLimits';
import type { ChatMessage, ModelProvider } from '../providers/modelProvider';
import type { AttemptRecord } from '../results/replyResult';
import type { CustomSchema, PreparedSchema } from '../schema/customSchema';
import type { SchemaRegistry } from '../schema/schemaRegistry';
import type { StandardSchemaV1 } from '../schema/standardSchema';
import type { ReplyPolicies } from './replyPolicies';
import type { ToolRunner } from './runToolCalls';

/** Options of a turn ({@link enforceReply}, {@link streamReply}). */
export interface TurnOptions extends ReplyPolicies {
  readonly provider: ModelProvider;
  /** The conversation so far (the last message is the user's turn). */
  readonly messages: readonly ChatMessage[];
  /** The host's system prompt; the format instruction is appended last. */
  readonly system?: string | undefined;
  /** The host's business tools in the provider's format; never sent with a correction. */
  readonly tools?: readonly unknown[] | undefined;
  /**
   * `'none'`: a tools-off turn from the start, for a host that runs its own tool loop and ends
   * it with a summary (the AI SDK middleware maps `toolChoice: { type: 'none' }` to it). The
   * tools go only where the provider's API needs them listed for the tool history in `messages`
   * (see `ModelRequest.toolChoice`); the answer is judged as it streams, and tool calls in it
   * are never run or handed back. Default: the model may call the tools.
   */
  readonly toolChoice?: 'auto' | 'none' | undefined;
  /**
   * Runs a tool call the model asked for; the check waits for the step that answers with text.
   * Without it, an answer with tool calls ends the turn `interrupted` with `toolCalls`, for the
   * caller to run.
   */
  readonly runTool?: ToolRunner | undefined;
  /**
   * The most tool steps in one attempt (default 8; 0 runs none). When the model asks for one
   * more, `onToolBudgetExhausted` decides how the turn ends.
   */
  readonly maxToolSteps?: number | undefined;
  /**
   * When the model asks for tools past `maxToolSteps`. `'summarize'` (default): one more call
   * with the tools off — the tool results so far in its context, the same schema bound (the
   * segment schema or the custom one, each provider's lowering as usual), a note that the budget
   * is spent — whose answer is checked like any other (early reject, the correction, the notice);
   * no tool runs again. `'error'`: the turn ends `error` with `TOOL_STEPS_EXCEEDED`, as before.
   * Either way `meta.toolBudgetExhausted` is set. Custom schemas follow the same option and the
   * same default: the summary is validated against the caller's schema like any answer, so
   * nothing unchecked is returned, and the tools' work (and its side effects) is not thrown away;
   * a pipeline that treats a spent budget as a bug sets `'error'`.
   */
  readonly onToolBudgetExhausted?: 'summarize' | 'error' | undefined;
  /** `'segments'` (IM preset, default), `false` (plain text) or a custom JSON/Standard Schema. */
  readonly schema?: 'segments' | false | CustomSchema | undefined;
  /** A custom schema by name, resolved from `registry` before any model call. */
  readonly schemaRef?: string | undefined;
  readonly registry?: SchemaRegistry | undefined;
  /**
   * A custom schema already made ready by `prepareSchema` (its result's `schema`): the turn uses it
   * as it is, before `schemaRef` and `schema`, and compiles nothing again.
   */
  readonly preparedSchema?: PreparedSchema | undefined;
  /** The custom schema's name (default `reply`) and description, given to the model. */
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  /** Custom schemas: corrections after the first answer (default 2, clamped to 0..5). */
  readonly maxRetries?: number | undefined;
  /** Custom schemas: what an exhausted turn returns (`return_invalid`: the last parsed value too). */
  readonly onExhausted?: 'error' | 'return_invalid' | undefined;
  /** The turn's signal: aborting it ends the turn as `interrupted`. */
  readonly signal?: AbortSignal | undefined;
  /** The limit of the first attempt (tool steps included), in ms (default 60 s). */
  readonly timeoutMs?: number | undefined;
  /** The limit of a correction, in ms (default 30 s). */
  readonly correctionTimeoutMs?: number | undefined;
  /** The host's failure notice text (IM preset). */
  readonly failureNotice?: string | undefined;
  readonly limits?: Partial<JsonLimits> | undefined;
  /** Sees each attempt's outcome as it ends (what a correction fixed). Errors it throws are ignored. */
  readonly onAttempt?: ((record: AttemptRecord) => void) | undefined;
}

/** The value type a Standard Schema validates to. */
export type InferOutput<TSchema> =
  TSchema extends StandardSchemaV1<infer Output> ? Output : unknown;

/** Options of {@link streamReply}. */
export interface StreamReplyOptions extends TurnOptions {
  /** Yield the model's raw text as provisional `delta` events (default false: nothing before validation). */
  readonly streamDeltas?: boolean | undefined;
  /**
   * Yield provisional `progress` events while an answer streams: the reply read so far as typed
   * values, safe to show (secrets masked, reasoning and tool markup withheld, undecided text held
   * back). Default false.
   */
  readonly streamProgress?: boolean | undefined;
}
