/**
 * Waits until `condition` holds, checking every few milliseconds, and fails naming `what` after
 * `timeoutMs`: a test waits for the event it stands for, never for a fixed time.
 */
export async function waitFor(
  condition: () => boolean,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
