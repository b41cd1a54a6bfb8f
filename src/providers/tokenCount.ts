/**
 * A token count as a provider reported it: a finite number of at least 0 (rounded down), else
 * undefined. A count written as a string, a negative or a missing one is never taken as a number.
 */
export function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : undefined;
}
