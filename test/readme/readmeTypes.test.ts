import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSnippets, typeScriptBlocks } from './compileSnippets';

// Every ```ts / ```typescript block of README.md compiles under strict and
// exactOptionalPropertyTypes against the source, as a module of its own; host variables it
// uses without declaring come from PRELUDE in compileSnippets.ts. ```ts nocheck opts a block out.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const blocks = typeScriptBlocks(readme);
const results = compileSnippets(
  blocks.map((block) => ({ name: `readme-line-${block.line}`, code: block.code })),
);

describe('README TypeScript blocks', () => {
  it('has TypeScript blocks to check', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  // Errors are reported at their README.md line:column.
  const atReadmeLine = (line: number) => (error: string) =>
    error.replace(/^(\d+):/, (_, at: string) => `README.md:${Number(at) + line - 1}:`);
  it.each(
    blocks.map((block, index) => ({
      line: block.line,
      errors: results[index]!.errors.map(atReadmeLine(block.line)),
    })),
  )('README.md block at line $line compiles', ({ errors }) => {
    expect(errors).toEqual([]);
  });
});

describe('the snippet checker', () => {
  const [wrong, optional, right, lenient] = compileSnippets([
    {
      name: 'wrong',
      code: "import { checkReply } from 'replyguard';\nconst result = await checkReply(modelText);\ndeliver(result.value.segments);",
    },
    {
      name: 'optional',
      code: 'interface Settings { readonly label?: string }\nconst settings: Settings = { label: undefined };',
    },
    {
      name: 'right',
      code: "import { checkReply } from 'replyguard';\nconst result = await checkReply(modelText);\nif (result.status === 'completed') deliver(result.value.segments);",
    },
    { name: 'lenient', code: 'const missing: string = undeclaredHostVariable;' },
  ]);

  it('fails on a type error, with its line and code', () => {
    expect(wrong!.errors).toHaveLength(1);
    expect(wrong!.errors[0]).toMatch(/^3:9 TS18048 'result.value' is possibly 'undefined'/);
  });

  it('compiles with exactOptionalPropertyTypes on', () => {
    expect(optional!.errors.join('\n')).toContain('TS2375');
  });

  it('passes a correct snippet, and knows only the prelude’s host variables', () => {
    expect(right!.errors).toEqual([]);
    expect(lenient!.errors.join('\n')).toContain("Cannot find name 'undeclaredHostVariable'");
  });

  it('finds ts and typescript blocks with their lines, and skips nocheck ones', () => {
    const markdown = [
      '# t',
      '```ts',
      'const a = 1;',
      '```',
      '',
      '```typescript',
      'const b = 2;',
      '```',
      '```ts nocheck',
      'broken(',
      '```',
      '```js',
      'x',
      '```',
    ].join('\n');
    expect(typeScriptBlocks(markdown)).toEqual([
      { line: 3, code: 'const a = 1;\n' },
      { line: 7, code: 'const b = 2;\n' },
    ]);
  });
});
