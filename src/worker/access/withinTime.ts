/** What {@link withinTime} gives for a wait that ran out, or a call that threw. */
export type Missed = { readonly missed: 'late' | 'failed' };

/**
 * Waits for a binding's answer at most `ms`: its value, or why there is none (it was late, or it
 * threw). A binding that hangs never holds a request longer than that.
 */
export async function withinTime<T>(call: () => Promise<T>, ms: number): Promise<T | Missed> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Missed>((resolve) => {
    timer = setTimeout(() => resolve({ missed: 'late' }), ms);
  });
  try {
    return await Promise.race([
      (async () => call())().catch((): Missed => ({ missed: 'failed' })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when {@link withinTime} got no answer. */
export function missed(value: unknown): value is Missed {
  return typeof value === 'object' && value !== null && 'missed' in value;
}
