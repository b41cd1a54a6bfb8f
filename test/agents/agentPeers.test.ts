import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../requireBuilt';

// Each agent runtime is an optional peer: an app that uses none installs none, and npm refuses
// (ERESOLVE) a version outside the declared range. The installed versions the suites run
// against must be inside it; the engines each framework declares are what CI runs it on.
type Manifest = {
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const manifest = (path: string) =>
  JSON.parse(readFileSync(`${ROOT}${path}/package.json`, 'utf8')) as Manifest;
const ours = manifest('.');
const FRAMEWORKS = ['@openai/agents', '@langchain/core', '@mastra/core', '@framers/agentos'];

describe.each(FRAMEWORKS)('the %s peer', (name) => {
  const installed = manifest(`node_modules/${name}`);

  it('is optional, and not a dependency', () => {
    expect(ours.peerDependenciesMeta?.[name]).toEqual({ optional: true });
    expect(ours.dependencies ?? {}).not.toHaveProperty(name);
  });

  it('admits the version the suites run against', () => {
    expect(semver.satisfies(installed.version, ours.peerDependencies![name]!)).toBe(true);
  });

  it('runs on every Node line our engines admit from the lines CI runs (20, 22, 24), or is said not to', () => {
    const needs = installed.engines?.node;
    const lines = ['20.20.0', '22.23.0', '24.22.0'];
    const unsupported = needs ? lines.filter((line) => !semver.satisfies(line, needs)) : [];
    // Only Mastra asks for more than Node 20; its suites skip below 22.13 and run on 22 and 24.
    expect(unsupported).toEqual(name === '@mastra/core' ? ['20.20.0'] : []);
  });
});

it('the engines admit Node 20 (from 20.3: AbortSignal.any), 22 and 24', () => {
  const engines = ours.engines!.node!;
  for (const version of ['20.3.0', '20.20.0', '22.0.0', '24.0.0'])
    expect(semver.satisfies(version, engines)).toBe(true);
  expect(semver.satisfies('20.2.0', engines)).toBe(false);
});
