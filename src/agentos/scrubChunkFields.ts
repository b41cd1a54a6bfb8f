import { quotedCopy, quotedData } from '../leaks/quotedCopy';
import { maskLeaks, quoteOutbound, type QuoteOptions } from './core';

/**
 * The fields, by chunk type, that carry a model's or a tool's words or data to the host, among
 * the chunks AgentOS hands a guardrail: every chunk marked final, and the text deltas (which the
 * guardrail withholds). A final `SYSTEM_PROGRESS` or `UI_COMMAND` is the GMI's own; the final
 * response also reports the turn's tool calls, UI commands and reasoning trace; an agency's
 * update is final once every seat is done, its seats' outputs in it. The chunks AgentOS streams
 * unmarked (tool call requests, tool results, metadata and workflow updates) never reach a
 * guardrail; a tool call request is also what the host runs an external tool with.
 */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  system_progress: ['message'],
  ui_command: ['uiCommands'],
  agency_update: ['agency'],
  final_response: ['finalToolCalls', 'finalUiCommands', 'reasoningTrace'],
};

/**
 * Masks, in place, a chunk's fields that carry a model's or a tool's words or data (each a masked
 * copy: AgentOS's own objects are left as they are), and the final response's `error` as errors
 * are masked. The chunk is about to be yielded to the host; the final reply itself is
 * `scrubFinalChunk`'s.
 */
export function scrubChunkFields(chunk: object, leaks: QuoteOptions['leaks']): void {
  const fields = chunk as Record<string, unknown>;
  const quote = (text: string, max: number) => quoteOutbound(text, { leaks, max });
  const mask = (data: unknown) => maskLeaks(data, leaks || undefined).value;
  const type = String(fields.type);
  for (const name of FIELDS[type] ?? [])
    if (fields[name] !== undefined && fields[name] !== null)
      fields[name] = quotedData(fields[name], mask, quote);
  if (type === 'final_response' && fields.error !== undefined)
    fields.error = quotedCopy(fields.error, quote);
}
