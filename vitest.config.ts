import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The suites that drive the AI SDK (test/ai-sdk/sdk.ts: AI SDK 6) run again against AI SDK 7,
// with sdk.ts swapped for the AI SDK 7 line: its v4 mock, then v3 models under AI SDK 7.
const sharedAiSdkSuites = [
  'test/ai-sdk/replyguardMiddleware.test.ts',
  'test/ai-sdk/aiSdkProvider.test.ts',
  'test/ai-sdk/openAiCompatible.test.ts',
  'test/ai-sdk/dist.test.ts',
  'test/ai-sdk/modelParts.test.ts',
  'test/ai-sdk/guardedOutput.test.ts',
  'test/ai-sdk/toolBudget.test.ts',
];
const withSdk = (name: string, file: string) => ({
  extends: true as const,
  test: { name, include: sharedAiSdkSuites },
  resolve: {
    alias: [
      {
        find: /^\.\/sdk$/,
        replacement: fileURLToPath(new URL(`./test/ai-sdk/${file}`, import.meta.url)),
      },
    ],
  },
});

// The inner loop: every test but the 1 MB complexity sweeps (`npm run test:complexity`).
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/*.complexity.test.ts'],
    environment: 'node',
    // vitest's default, one worker on this 2-core machine, measured fastest: with two, the files
    // that start workerd, Chromium or child processes fight for the cores (3 min 46 s against
    // 2 min 40 s for the tests alone, quiet machine, 2026-12-03).
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: [
            'src/**/*.test.ts',
            'test/**/*.test.ts',
            'worker/**/*.test.ts',
            'demo/**/*.test.ts',
          ],
        },
      },
      withSdk('ai7', 'sdk7.ts'),
      withSdk('ai7-v3', 'sdk7v3.ts'),
    ],
  },
});
