import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The suites `npm run test:node-lines` runs again on Node 22 and 24 (scripts/node-lines.mjs),
// after `npm test` ran everything on the Node the project is developed on: what ships (the built
// package, ESM and CJS, its lazy chunks and sizes), the types users compile, and what runs inside
// other software — the agent runtimes (Mastra asks for 22.13+), the Node examples, and AI SDK 7
// (which asks for 22) through its own projects, kept as vitest.config.ts defines them.
const NODE_LINE_SUITES = [
  'test/package/**/*.test.ts',
  'test/agents/**/*.test.ts',
  'test/types/**/*.test.ts',
  'test/readme/readmeTypes.test.ts',
  'test/ai-sdk/dist.test.ts',
  'test/ai-sdk/aiSdkTypes.test.ts',
  'test/examples/nodeExamples.test.ts',
  'test/examples/examplesTypes.test.ts',
];

type Project = NonNullable<NonNullable<typeof base.test>['projects']>[number];
const projects = (base.test?.projects ?? []).map((project: Project) =>
  typeof project === 'object' && 'test' in project && project.test?.name === 'main'
    ? { ...project, test: { ...project.test, name: 'node-lines', include: NODE_LINE_SUITES } }
    : project,
);

export default defineConfig({ ...base, test: { ...base.test, projects } });
