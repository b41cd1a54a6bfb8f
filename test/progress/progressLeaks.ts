import { maskLeaks } from '../../src/leaks/maskLeaks';
import type { LeakOptions } from '../../src/leaks/leakOptions';
import type { ModelProvider } from '../../src/providers/modelProvider';
import type { CustomSchema } from '../../src/schema/customSchema';
import { streamReply } from '../../src/reply/streamReply';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters of a fixed pseudo-random sequence (a key body that looks random). */
export function randomChars(length: number, seed: number): string {
  let state = seed;
  let out = '';
  for (let k = 0; k < length; k++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out += ALNUM[state % ALNUM.length];
  }
  return out;
}

/** Keys of the shapes a scanner only finds whole (their first characters prove nothing). */
export const KEYS = {
  anthropic: `sk-ant-api03-${randomChars(93, 1)}AA`,
  jwt: `eyJhbGciOiJIUzI1NiJ9.eyJ${randomChars(120, 2)}.${randomChars(43, 3)}`,
  openai: `sk-proj-${randomChars(20, 4)}T3BlbkFJ${randomChars(130, 5)}`,
  github: `ghp_${randomChars(36, 6)}`,
} as const;

/** `text` hard-wrapped every `width` characters with `separator`. */
export function wrap(text: string, width: number, separator: string): string {
  const lines: string[] = [];
  for (let at = 0; at < text.length; at += width) lines.push(text.slice(at, at + width));
  return lines.join(separator);
}

/** Every string of a value, member names included, apart. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([name, inner]) => [name, ...stringsOf(inner)]);
  return [];
}

/**
 * The 8-character pieces of `secret` that the final reply (`text` parsed and masked) does not
 * show, read with every `separator` (a wrap) taken out of both.
 */
export function hiddenPieces(
  secret: string,
  text: string,
  separator = '',
  leaks: LeakOptions = {},
): string[] {
  const unwrap = (value: string) => (separator ? value.replaceAll(separator, '') : value);
  const final = unwrap(stringsOf(maskLeaks(JSON.parse(text), leaks).value).join('\u0000'));
  const pieces: string[] = [];
  for (let at = 0; at + 8 <= secret.length; at++) {
    const piece = secret.slice(at, at + 8);
    if (!final.includes(piece)) pieces.push(piece);
  }
  return pieces;
}

/** A provider that streams its answer in the given pieces, with no wait between them. */
export function piecesProvider(answers: readonly (readonly string[])[]): ModelProvider {
  let call = 0;
  return {
    name: 'pieces',
    enforcement: 'provider_schema',
    generate() {
      throw new Error('this provider only streams');
    },
    async *stream() {
      const answer = answers[Math.min(call++, answers.length - 1)]!;
      for (const text of answer) yield await Promise.resolve({ type: 'text' as const, text });
    },
  };
}

/** What a turn showed of its first answer (the strings of each progress view) and its final result. */
export async function progressOf(
  pieces: readonly string[],
  options: { schema?: CustomSchema | undefined; leaks?: LeakOptions | undefined } = {},
): Promise<{ shown: string[]; status: string }> {
  const shown: string[] = [];
  let status = '';
  for await (const event of streamReply({
    provider: piecesProvider([pieces, [pieces.join('')]]),
    messages: [{ role: 'user', content: 'hi' }],
    streamProgress: true,
    maxRetries: 0,
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
    ...(options.leaks !== undefined ? { leaks: options.leaks } : {}),
  })) {
    if (event.type === 'progress' && event.attempt === 1)
      shown.push(stringsOf(event.value).join('\u0000'));
    if (event.type === 'final') status = event.result.status;
  }
  return { shown, status };
}

/** The views of a turn whose answer `text` is cut in two at every position. */
export async function progressAtEverySplit(
  text: string,
  options: { schema?: CustomSchema | undefined; leaks?: LeakOptions | undefined } = {},
): Promise<{ split: number; shown: string }[]> {
  const views: { split: number; shown: string }[] = [];
  for (let split = 1; split < text.length; split++) {
    const { shown } = await progressOf([text.slice(0, split), text.slice(split)], options);
    for (const each of shown) views.push({ split, shown: each });
  }
  return views;
}
