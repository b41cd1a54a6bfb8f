import { defineConfig } from 'vitest/config';

// The inner loop: every test but the 1 MB complexity sweeps (`npm run test:complexity`).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'worker/**/*.test.ts', 'demo/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.complexity.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
