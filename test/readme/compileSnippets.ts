import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The host variables README snippets may use without declaring them: a global script, so a
 * snippet that declares its own shadows it. Extend it when a new snippet needs one.
 */
export const PRELUDE = `
declare const modelText: string;
declare const memberIds: string[];
declare const members: string[];
declare const apiKey: string;
declare const hostPrompt: string;
declare const baseURL: string;
declare const messages: import('replyguard').ChatMessage[];
declare const signal: AbortSignal;
declare const provider: import('replyguard').ModelProvider;
declare const model: import('@ai-sdk/provider').LanguageModelV3;
declare const preview: HTMLElement;
declare function deliver(segments: readonly import('replyguard').Segment[]): void;
declare function send(reply: import('replyguard').SegmentReply | undefined): void;
`;

/** What users compile with: strict, exactOptionalPropertyTypes, a bundler's resolution. */
export const SNIPPET_OPTIONS: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
  baseUrl: root,
  // The package's entries, mapped to the source: snippets are checked against what is written now.
  paths: {
    replyguard: ['src/index.ts'],
    'replyguard/render': ['src/render/index.ts'],
    'replyguard/ai-sdk': ['src/ai-sdk/index.ts'],
    'replyguard/worker': ['src/worker/index.ts'],
    'replyguard/openai-agents': ['src/openai-agents/index.ts'],
    'replyguard/langchain': ['src/langchain/index.ts'],
    'replyguard/mastra': ['src/mastra/index.ts'],
    'replyguard/agentos': ['src/agentos/index.ts'],
  },
};

/** One snippet's diagnostics, formatted `line:column message` (lines of the snippet, 1-based). */
export interface SnippetResult {
  readonly name: string;
  readonly errors: readonly string[];
}

/**
 * Type-checks snippets as separate modules in one program (a snippet with no import or export
 * still gets module scope and top-level await). Only the snippets' own diagnostics are reported:
 * the source they import is checked by its own tsconfig.
 */
export function compileSnippets(
  snippets: readonly { readonly name: string; readonly code: string }[],
  overrides: ts.CompilerOptions = {},
): SnippetResult[] {
  const options = { ...SNIPPET_OPTIONS, ...overrides };
  const files = new Map<string, string>();
  const pathOf = (name: string) =>
    `${root}test/readme/__snippets__/${name.replace(/[^\w.-]/g, '_')}.ts`;
  for (const snippet of snippets) files.set(pathOf(snippet.name), `${snippet.code}\nexport {};\n`);
  const prelude = `${root}test/readme/__snippets__/prelude.d.ts`;
  files.set(prelude, PRELUDE);

  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (path) => files.has(path) || fileExists.call(host, path);
  host.readFile = (path) => files.get(path) ?? readFile.call(host, path);
  host.getSourceFile = (path, language, onError, create) => {
    const text = files.get(path);
    return text !== undefined
      ? ts.createSourceFile(path, text, language, true)
      : getSourceFile.call(host, path, language, onError, create);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const global = program
    .getGlobalDiagnostics()
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  return snippets.map((snippet) => {
    const file = program.getSourceFile(pathOf(snippet.name));
    if (!file) return { name: snippet.name, errors: ['the snippet was not compiled'] };
    const diagnostics = [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ];
    const errors = diagnostics.map((diagnostic) => {
      const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${line + 1}:${character + 1} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    return { name: snippet.name, errors: [...global, ...errors] };
  });
}

/** The ```ts / ```typescript blocks of a Markdown text, with the line each starts on; ```ts nocheck opts out. */
export function typeScriptBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const fence = /^(`{3,}|~{3,})[ \t]*(ts|typescript)\b([^\n]*)\n([\s\S]*?)^\1[ \t]*$/gm;
  for (let match = fence.exec(markdown); match; match = fence.exec(markdown)) {
    if (/\bnocheck\b/.test(match[3] ?? '')) continue;
    blocks.push({
      line: markdown.slice(0, match.index).split('\n').length + 1,
      code: match[4] ?? '',
    });
  }
  return blocks;
}
