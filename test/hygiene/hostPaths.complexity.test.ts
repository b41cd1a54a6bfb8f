import { describe, expect, it } from 'vitest';
import { maskHostPaths } from '../../src/hygiene/maskHostPaths';
import { MAX_RATIO, fill, growthRatio } from '../leaks/complexity';
import { HOST_ROOTS } from './hostRoots';

// Timed, so it runs with the slow sweeps (`npm run test:complexity`), not in the inner loop.
describe('maskHostPaths', () => {
  it.each(['/srv/ap ', '/srv/app', 'x/srv/app/', 'C:\\Users\\bo '])(
    'runs in linear time on 1 MB of near-matches (%s)',
    (unit) => {
      expect(
        growthRatio(
          (text) => maskHostPaths({ text }, HOST_ROOTS),
          (size) => fill(unit, size),
        ),
      ).toBeLessThan(MAX_RATIO);
    },
  );
});
