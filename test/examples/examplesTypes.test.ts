import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AI_SDK_7_PATHS } from '../ai-sdk/ai7Paths';
import { compileSnippets } from '../readme/compileSnippets';

// The examples compile as users' code would: strict and exactOptionalPropertyTypes, the package
// by its names (mapped to the source), Node's types for the scripts. The Worker example needs
// the `replyguard/worker` entry, and is checked once the package exports it.
const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  exports: Record<string, unknown>;
};
const files = [
  'examples/node-openai/chat.ts',
  'examples/ai-sdk-stream/chat.ts',
  'examples/web-chat/chat.ts',
  ...('./worker' in pkg.exports ? ['examples/worker/src/index.ts'] : []),
];
const results = compileSnippets(
  files.map((path) => ({ name: path, code: readFileSync(`${root}${path}`, 'utf8') })),
  { types: ['node'] },
);

// The AI SDK example again, with `ai` and `@ai-sdk/openai-compatible` as AI SDK 7's line.
const aiSdkExample = 'examples/ai-sdk-stream/chat.ts';
const [onAiSdk7] = compileSnippets(
  [{ name: `${aiSdkExample} (AI SDK 7)`, code: readFileSync(`${root}${aiSdkExample}`, 'utf8') }],
  { types: ['node'], paths: AI_SDK_7_PATHS },
);

describe('examples type-check (strict, exactOptionalPropertyTypes)', () => {
  it(`${aiSdkExample} against AI SDK 7`, () => {
    expect(onAiSdk7!.errors).toEqual([]);
  });

  it.each(files.map((path, index) => ({ path, errors: results[index]!.errors })))(
    '$path',
    ({ path, errors }) => {
      expect(existsSync(`${root}${path}`)).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});
