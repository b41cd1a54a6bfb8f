import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The core tsconfig (types: [], web libs) must make Node APIs a type error, so the compiler
// guards the edge. This compiles small probes under exactly those options.
const config = ts.parseConfigFileTextToJson(
  'tsconfig.json',
  readFileSync('tsconfig.json', 'utf8'),
).config;
const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, process.cwd());

function diagnose(source: string): string[] {
  const fileName = `${process.cwd()}/src/__probe__.ts`;
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === fileName ? ts.createSourceFile(name, source, version) : read(name, version);
  const program = ts.createProgram([fileName], { ...options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the core type check', () => {
  it('accepts web APIs', () => {
    expect(
      diagnose(
        'export const x = new TextEncoder().encode(atob("aGk=")); export const s = AbortSignal.timeout(1);',
      ),
    ).toEqual([]);
  });

  it.each([
    ['Buffer', 'export const b = Buffer.from("x");'],
    ['process', 'export const e = process.env.HOME;'],
    ['node: imports', 'import { readFileSync } from "node:fs"; export const r = readFileSync;'],
    ['require', 'export const r = require("fs");'],
  ])('refuses %s', (_name, source) => {
    expect(diagnose(source).length).toBeGreaterThan(0);
  });
});
