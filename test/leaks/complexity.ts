// A complexity check, not a timing budget: one run over 1 MB of input is compared with eight runs
// over 128 KB (the same bytes in all). Linear work scores about 1, quadratic about 8. Each side is
// the best of five runs, so a noisy machine does not decide it.
export const SMALL = 128 * 1024;
export const LARGE = 8 * SMALL;
export const MAX_RATIO = 4;

export function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

export function bestTime(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return Math.max(best, 0.05);
}

/** How much more one large run costs than eight small ones of the same total size. */
export function growthRatio(
  work: (input: string) => unknown,
  make: (size: number) => string,
  small = SMALL,
): number {
  const smallInput = make(small);
  const largeInput = make(small * 8);
  const eightSmall = bestTime(() => {
    for (let i = 0; i < 8; i++) work(smallInput);
  });
  return bestTime(() => work(largeInput)) / eightSmall;
}
