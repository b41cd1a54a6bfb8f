/** One server-sent event: a `data:` line of JSON, after an `event:` line when named. */
export function sse(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
}
