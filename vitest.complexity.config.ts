import { defineConfig } from 'vitest/config';

// The slow sweeps: every rule and normaliser on 1 MB of adversarial input. CI runs them after
// `npm test`; the inner loop keeps the static regex lint and a small sample at two sizes.
export default defineConfig({
  test: {
    include: ['test/**/*.complexity.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
