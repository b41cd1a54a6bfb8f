/**
 * Writes each field on the chunk AgentOS shares with every client of the stream, one by one: a
 * field that cannot be written (read-only, a getter alone, a frozen chunk) does not keep the
 * others unwritten, as one `Object.assign` would. False when any write failed: the caller blocks.
 */
export function writeFields(chunk: object, fields: object): boolean {
  let written = true;
  for (const [name, value] of Object.entries(fields)) {
    try {
      (chunk as Record<string, unknown>)[name] = value;
    } catch {
      written = false;
    }
  }
  return written;
}
