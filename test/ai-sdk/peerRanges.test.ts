import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../requireBuilt';

// npm refuses to install (ERESOLVE) a package whose peer range excludes the `ai` or
// `@ai-sdk/provider` the project has: the declared ranges must admit both majors the suites run
// against. Checked with npm's own semver on the versions installed side by side here (a real
// `npm install` of the packed package needs the registry, so it is not part of the suite).
type Manifest = {
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const manifest = (path: string) =>
  JSON.parse(readFileSync(`${ROOT}${path}/package.json`, 'utf8')) as Manifest;
const ours = manifest('.');
const majors = [
  { ai: manifest('node_modules/ai'), provider: manifest('node_modules/@ai-sdk/provider') },
  { ai: manifest('node_modules/ai7'), provider: manifest('node_modules/ai-sdk-provider4') },
];

describe('the AI SDK peer ranges', () => {
  it('are optional peers, not dependencies', () => {
    expect(ours.peerDependenciesMeta).toMatchObject({
      ai: { optional: true },
      '@ai-sdk/provider': { optional: true },
    });
    expect(ours.dependencies).not.toHaveProperty('ai');
    expect(ours.dependencies).not.toHaveProperty('@ai-sdk/provider');
  });

  it.each(majors.map(({ ai, provider }) => ({ major: semver.major(ai.version), ai, provider })))(
    'admit AI SDK $major as installed, with the provider package it depends on',
    ({ ai, provider }) => {
      const peers = ours.peerDependencies!;
      expect(semver.satisfies(ai.version, peers.ai!)).toBe(true);
      expect(semver.satisfies(provider.version, peers['@ai-sdk/provider']!)).toBe(true);
      // The provider package npm installs for that `ai` is the one the range must admit.
      const pinned = semver.minVersion(ai.dependencies!['@ai-sdk/provider']!)!;
      expect(semver.major(pinned)).toBe(semver.major(provider.version));
      expect(semver.satisfies(pinned, peers['@ai-sdk/provider']!)).toBe(true);
    },
  );

  it('cover exactly the two majors the suites run against', () => {
    expect(majors.map(({ ai }) => semver.major(ai.version))).toEqual([6, 7]);
    const peers = ours.peerDependencies!;
    for (const version of ['5.0.0', '8.0.0'])
      expect(semver.satisfies(version, peers.ai!)).toBe(false);
    for (const version of ['2.0.0', '5.0.0'])
      expect(semver.satisfies(version, peers['@ai-sdk/provider']!)).toBe(false);
  });
});
