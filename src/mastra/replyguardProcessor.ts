import type {
  ProcessOutputStepArgs,
  ProcessOutputStreamArgs,
  Processor,
} from '@mastra/core/processors';
import type { ChunkType } from '@mastra/core/stream';
import {
  checkReply,
  failureNotice,
  formatIssues,
  type CheckReplyOptions,
  type Finding,
  type Issue,
  type ReplyStatus,
  type SegmentReply,
  type SegmentReplyResult,
} from './core';
import { heldStep, releasedParts, type HeldStep } from './heldStep';
import { maskedPart } from './maskedPart';

/** Options of {@link replyguardProcessor}: `checkReply`'s options, the id and the corrections. */
export interface ReplyguardProcessorOptions extends CheckReplyOptions {
  /** The processor's id (default `replyguard`). */
  readonly id?: string | undefined;
  /**
   * Corrections asked through Mastra's retry: a refused reply aborts with `retry: true` this many
   * times (default 1), with the issues as the model's feedback. The agent's `maxProcessorRetries`
   * must allow them; 0 aborts at once.
   */
  readonly maxCorrections?: number | undefined;
}

/** The processor: an output processor with its stream and step hooks, for `outputProcessors`. */
export interface ReplyguardProcessor extends Processor<string, ReplyguardTripwire> {
  readonly id: string;
  processOutputStream: NonNullable<Processor<string, ReplyguardTripwire>['processOutputStream']>;
  processOutputStep: NonNullable<Processor<string, ReplyguardTripwire>['processOutputStep']>;
}

/** The metadata of replyguard's tripwire: the verdict, masked like everything the core reports. */
export interface ReplyguardTripwire {
  readonly status: Exclude<ReplyStatus, 'completed'>;
  readonly issues: readonly Issue[];
  readonly findings: readonly Finding[];
  /** The host's failure notice, to deliver instead. */
  readonly notice: SegmentReply;
}

// A well-known key of Mastra's output-processor runner (its stream-reprocess module): a part
// stashed on a processor's state under it is re-driven through the output chain after the part
// the processor returned. It is how one held step is released as several parts, in order.
const REPROCESS_PART_KEY = '__mastraReprocessPart';

/** The finish reasons of a step that answered: its text is checked, and released if it passes. */
const RELEASED_ON = new Set<string | undefined>(['stop', 'other', 'unknown']);

interface ProcessorState {
  held?: HeldStep;
  /** Parts still to release after the one returned, each re-driven in turn. */
  queue?: ChunkType[];
  refusal?: ReplyguardTripwire;
}

/**
 * A Mastra output processor that holds a step's text until its reply is checked: nothing of a
 * reply streams before it is validated; then `checkReply`'s reply (masked, as JSON; plain text
 * in plain-text mode) streams in its place, and is what Mastra keeps (`text`, memory). A refused
 * reply never streams: the step ends without it and the processor aborts — with `retry: true`
 * while corrections remain (Mastra asks the model again with the issues), then for good, the
 * verdict as the tripwire's metadata. The text of a step that calls tools is a tool step's words:
 * it is dropped, and the answer after the tools is checked. An `error` or `tool-error` part
 * passes with its error masked (a copy: message, stack, cause and every text field), and is what
 * `output.error` holds; a `tool-result` passes with the tool's result and arguments masked (a
 * copy: the model and the memory keep the result). A `tool-call` passes as the model wrote it:
 * the part this processor returns is the call Mastra runs, so a masked copy would change what
 * the tool is given. Reasoning passes as Mastra streams it.
 *
 * @example
 * const agent = new Agent({
 *   id: 'chat', name: 'chat', model,
 *   instructions: `${hostPrompt}\n\n${segmentInstruction()}`,
 *   outputProcessors: [replyguardProcessor({ mentions: { allowed: ['u1'] } })],
 *   maxProcessorRetries: 1,
 * });
 * const output = await agent.generate('hi');
 * if (output.tripwire) deliver((output.tripwire.metadata as ReplyguardTripwire).notice);
 * else deliver(JSON.parse(output.text));
 */
export function replyguardProcessor(options: ReplyguardProcessorOptions = {}): ReplyguardProcessor {
  const { id = 'replyguard', maxCorrections = 1, ...check } = options;
  const notice = failureNotice(check.failureNotice);
  // Marks the parts this processor released, to know them when Mastra re-drives them through the
  // chain: a symbol key, which a processor before this one keeps when it copies a part to change it.
  const released = Symbol('replyguard.released');
  const release = (part: ChunkType): ChunkType => Object.assign({ ...part }, { [released]: true });
  // Errors and tool results leave masked with the scanner's rules and the host's literals, even
  // when replies are not scanned (`leaks: false`): they quote what the model or a tool was given.
  const outboundLeaks = check.leaks === false ? undefined : check.leaks;

  async function decide(
    held: HeldStep,
    reason: string | undefined,
  ): Promise<{ parts: ChunkType[] } | { refusal: ReplyguardTripwire }> {
    if (reason === 'length' || reason === 'content-filter')
      return { refusal: verdict('validation_failed', [stopIssue(reason)], []) };
    // A tool step's words, or a step that failed or was cut short: nothing of it is a reply.
    if (held.toolStep || !RELEASED_ON.has(reason)) return { parts: [] };
    let result: SegmentReplyResult;
    try {
      result = await checkReply(held.text, check);
    } catch {
      // Never the error's text: it may quote the reply.
      return { refusal: verdict('error', [internal()], []) };
    }
    if (result.status !== 'completed')
      return {
        refusal: verdict(
          result.status === 'interrupted' ? 'error' : result.status,
          result.issues,
          result.findings,
        ),
      };
    const text =
      check.schema === false
        ? result.value.segments
            .map((segment) => ('text' in segment.data ? segment.data.text : ''))
            .join('')
        : JSON.stringify(result.value);
    return { parts: releasedParts(held, text).map(release) };
  }

  function verdict(
    status: ReplyguardTripwire['status'],
    issues: readonly Issue[],
    findings: readonly Finding[],
  ): ReplyguardTripwire {
    return { status, issues, findings, notice };
  }

  async function processOutputStream(
    args: ProcessOutputStreamArgs<ReplyguardTripwire>,
  ): Promise<ChunkType | null> {
    const { part, abort } = args;
    const state = args.state as ProcessorState;
    if (released in part) return next(state, part);
    state.held ??= heldStep();
    const held = state.held;
    switch (part.type) {
      case 'step-start':
        state.held = heldStep();
        return part;
      case 'text-start':
      case 'text-delta':
      case 'text-end':
        held.parts.push(part);
        if (part.type === 'text-delta') held.text += part.payload.text;
        return null;
      case 'tool-call':
      case 'tool-call-input-streaming-start':
        held.toolStep = true;
        return part;
      case 'finish':
      case 'step-finish': {
        if (held.decided) return part;
        held.decided = true;
        const decision = await decide(held, finishReasonOf(part));
        if ('refusal' in decision) {
          if (maxCorrections <= 0)
            abort(reasonOf(decision.refusal), { metadata: decision.refusal });
          state.refusal = decision.refusal;
          return part;
        }
        const [first, ...rest] = [...decision.parts, release(part)];
        state.queue = rest;
        return next(state, first);
      }
      case 'error':
      case 'tool-error':
      case 'tool-result':
        return maskedPart(part, outboundLeaks);
      default:
        return part;
    }
  }

  return {
    id,
    name: 'replyguard',
    processOutputStream,
    processOutputStep(args: ProcessOutputStepArgs<ReplyguardTripwire>) {
      const state = args.state as ProcessorState;
      const refusal = state.refusal;
      if (refusal) {
        state.refusal = undefined;
        // A cut or filtered answer is not corrected: a retry would be cut or filtered again.
        const retry =
          args.retryCount < maxCorrections &&
          !refusal.issues.some((issue) => issue.code === 'TRUNCATED' || issue.code === 'REFUSED');
        args.abort(reasonOf(refusal), { retry, metadata: refusal });
      }
      return args.messageList;
    },
  };
}

/** Returns `part`, stashing the next queued part for Mastra to re-drive after it. */
function next(state: ProcessorState, part: ChunkType): ChunkType {
  const following = state.queue?.shift();
  if (following) (state as Record<string, unknown>)[REPROCESS_PART_KEY] = following;
  return part;
}

function finishReasonOf(part: ChunkType): string | undefined {
  const payload: unknown = 'payload' in part ? part.payload : undefined;
  const reason = (payload as { stepResult?: { reason?: unknown } } | undefined)?.stepResult?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** The abort's reason: the issues as one line each (masked by the core), never the reply. */
function reasonOf(refusal: ReplyguardTripwire): string {
  return `replyguard refused the reply (${refusal.status}):\n${formatIssues(refusal.issues)}`;
}

function internal(): Issue {
  return { code: 'INTERNAL', path: '', message: 'the reply check failed unexpectedly' };
}

/** Why a step the model ended at its token limit or a content filter is never delivered. */
function stopIssue(reason: 'length' | 'content-filter'): Issue {
  return reason === 'length'
    ? { code: 'TRUNCATED', path: '', message: 'the answer was cut at the token limit' }
    : { code: 'REFUSED', path: '', message: 'the provider’s content filter stopped the answer' };
}
