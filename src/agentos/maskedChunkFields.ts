import { leakQuoters, quotedCopy, quotedData } from '../leaks/quotedCopy';
import { maskLeaks, quoteOutbound, type LeakOptions } from './core';
import { readField } from './readField';

/**
 * The fields, by chunk type, that carry a model's or a tool's words or data to the host, among
 * the chunks AgentOS hands a guardrail: every chunk marked final, and the text deltas (which the
 * guardrail withholds). A final `UI_COMMAND` is the GMI's own; the final response also reports
 * the turn's tool calls, UI commands and reasoning trace; an agency's update is final once every
 * seat is done, its seats' outputs in it. A final `SYSTEM_PROGRESS` is the GMI's content spread
 * into AgentOS's fields (its message, status, metadata): all of it but {@link OWN}. The chunks
 * AgentOS streams unmarked (tool call requests, tool results, metadata and workflow updates)
 * never reach a guardrail; a tool call request is also what the host runs an external tool with.
 */
const FIELDS: Readonly<Record<string, readonly string[]>> = {
  ui_command: ['uiCommands'],
  agency_update: ['agency'],
  final_response: ['finalToolCalls', 'finalUiCommands', 'reasoningTrace'],
};

/** The fields AgentOS gives every chunk itself: which stream, agent and persona, and when. */
const OWN = new Set(['type', 'streamId', 'gmiInstanceId', 'personaId', 'isFinal', 'timestamp']);

/**
 * A chunk's fields that carry a model's or a tool's words or data, masked (copies: the chunk and
 * AgentOS's own objects are left as they are), and the final response's `error` as errors are
 * masked; to be written on the chunk with the final reply's (`finalChunkFields`) in one step.
 * A field that throws when read is read as nothing, as {@link quotedCopy} reads it (and left as it
 * is); a chunk that cannot be read at all (a proxy's keys that throw) throws to the guardrail,
 * which blocks it.
 */
export function maskedChunkFields(
  chunk: object,
  leaks: LeakOptions | undefined,
): Record<string, unknown> {
  const read = (name: string): unknown => readField(chunk, name);
  const { quote, mask } = leakQuoters({ quoteOutbound, maskLeaks }, leaks);
  const type = String(read('type'));
  const masked: Record<string, unknown> = {};
  if (type === 'system_progress') {
    const data: Record<string, unknown> = {};
    for (const name of Object.keys(chunk)) {
      // A field that throws when read is left out: nothing to mask, nothing written over it.
      const value = OWN.has(name) ? undefined : read(name);
      if (value !== undefined) data[name] = value;
    }
    try {
      // Masked as one value, as the GMI wrote it (a key split across its message and its status).
      const copy = mask(JSON.parse(JSON.stringify(data))) as Record<string, unknown>;
      // What JSON leaves out (a function, a `toJSON` giving nothing) leaves out here too.
      for (const name in data) masked[name] = copy[name];
    } catch {
      // A field JSON cannot write (a cycle, a `BigInt`): the others are still masked whole, never
      // shortened; that field alone is quoted as an error is.
      for (const name in data) masked[name] = quotedData(data[name], mask, quote);
    }
    return masked;
  }
  for (const name of Object.hasOwn(FIELDS, type) ? FIELDS[type]! : []) {
    const value = read(name);
    if (value !== undefined && value !== null) masked[name] = quotedData(value, mask, quote);
  }
  const error = type === 'final_response' ? read('error') : undefined;
  if (error !== undefined) masked.error = quotedCopy(error, quote);
  return masked;
}
