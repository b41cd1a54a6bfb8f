import type { ChunkType } from '@mastra/core/stream';

/** The parts of one model step held back until its reply is checked. */
export interface HeldStep {
  /** The held text parts (`text-start`, `text-delta`, `text-end`), in order. */
  parts: ChunkType[];
  /** The text of the held deltas, joined. */
  text: string;
  /** The step asked for tools: its text is a tool step's words, never a reply. */
  toolStep: boolean;
  /** The step's reply was decided (at its `finish` or, for a tool step, its `step-finish`). */
  decided: boolean;
}

/** A new, empty step. */
export function heldStep(): HeldStep {
  return { parts: [], text: '', toolStep: false, decided: false };
}

/**
 * The parts that release a checked reply in place of the held ones: the first `text-start`, one
 * `text-delta` carrying `text`, the last `text-end`, each as Mastra made them (ids, run id).
 */
export function releasedParts(held: HeldStep, text: string): ChunkType[] {
  const start = held.parts.find((part) => part.type === 'text-start');
  const delta = held.parts.find((part) => part.type === 'text-delta');
  const end = held.parts.filter((part) => part.type === 'text-end').at(-1);
  if (!delta || delta.type !== 'text-delta') return [];
  const released: ChunkType[] = [{ ...delta, payload: { ...delta.payload, text } }];
  return [...(start ? [start] : []), ...released, ...(end ? [end] : [])];
}
