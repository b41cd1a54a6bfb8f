/** A system prompt of parts in order (the host's prompt first, the format instruction last), empty ones left out. */
export function joinSystem(...parts: readonly (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== '').join('\n\n');
}
