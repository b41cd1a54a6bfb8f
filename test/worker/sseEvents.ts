/** One server-sent event: its `event:` name (undefined when it has none) and its JSON data. */
export interface SseEvent {
  readonly event?: string;
  readonly data: Record<string, any>;
}

/**
 * Parses an SSE body into its named events (the test's own small reader: one event per blank
 * line, comments dropped, `[DONE]` dropped).
 */
export function sseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n');
    const name = lines
      .find((line) => line.startsWith('event:'))
      ?.slice(6)
      .trim();
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (data === '' || data === '[DONE]') continue;
    events.push({ ...(name === undefined ? {} : { event: name }), data: JSON.parse(data) });
  }
  return events;
}
