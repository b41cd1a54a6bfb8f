/** One parsed SSE stream of chat completion chunks. */
export interface Frames {
  readonly chunks: Record<string, any>[];
  readonly done: boolean;
  /** The content deltas, joined. */
  readonly content: string;
}

/** Parses an SSE body of `data:` frames (the test's own small reader: one event per blank line). */
export function sseFrames(text: string): Frames {
  const chunks: Record<string, any>[] = [];
  let done = false;
  for (const event of text.split('\n\n')) {
    const data = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data === '') continue;
    if (data === '[DONE]') done = true;
    else chunks.push(JSON.parse(data));
  }
  const content = chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('');
  return { chunks, done, content };
}
