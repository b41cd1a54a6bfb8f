import { describe, expect, it } from 'vitest';
import { decodeBase64Run } from '../../src/leaks/decodeBase64Run';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { random } from './ruleSamples';

// Base64 glued to a name or a path is one token run with it, and the payload starts wherever
// the name ends: at any of the four alignments of the run. Each is found, and the whole run masked.
const token = `ghp_${random(36)}`;
const unpadded = (text: string) => btoa(text).replace(/=+$/, '');
const url = (text: string) => unpadded(text).replace(/\+/g, '-').replace(/\//g, '_');

describe('a base64 payload that does not start on a four-character boundary of its run', () => {
  const names = [
    '',
    'k_',
    'id-',
    'key_',
    'token_',
    'x-api-',
    'secret_v2_',
    '/v1/keys/',
    'a'.repeat(37) + '_',
  ];
  it.each(names.map((name) => [name.length % 4, name] as const))(
    'alignment %i: glued after %j',
    (_alignment, name) => {
      for (const payload of [token, `my key is ${token}`, `${token} (rotate me)`]) {
        for (const encode of [unpadded, url, btoa]) {
          const text = `see ${name}${encode(payload)} please`;
          expect(
            scanText(text, LEAK_RULES).map((f) => f.rule),
            text,
          ).toContain('github-token');
          const masked = maskLeaks({ text }).value.text;
          expect(masked).toBe(`see ${LEAK_MASK} please`);
        }
      }
    },
  );

  it('a payload followed by more of the run is still read to its end', () => {
    for (const after of ['Q', 'Zz', 'x9K', random(7)]) {
      const text = `see token_${unpadded(`key ${token}`)}${after} please`;
      expect(
        scanText(text, LEAK_RULES).map((f) => f.rule),
        text,
      ).toContain('github-token');
    }
  });

  it('finds the payload of every alignment in one pass, and decodes nothing of a binary run', () => {
    expect(decodeBase64Run(`ab_${unpadded(`note ${token}`)}`)).toContainEqual(`note ${token}`);
    const binary = btoa(
      String.fromCharCode(...Array.from({ length: 3000 }, (_, k) => (k * 167 + 13) % 256)),
    );
    expect(decodeBase64Run(binary)).toEqual([]);
  });
});

describe('runs that are no glued payload stay as they are', () => {
  it.each([
    ['a hex digest', 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['a long identifier', 'use AbstractSingletonProxyFactoryBeanConfigurationHelper_v2 here'],
    ['a path', 'see /usr/local/lib/node_modules/some-package/dist/index-abcdef.js'],
    [
      'base64 of a greeting glued to a name',
      `greeting_${unpadded('hello world, this is just a greeting')}`,
    ],
    // The inside of a longer base64 text, cut at a corruption (secretlint's ok.ops_prefix_but_is_not_jwt).
    [
      'the inside of a corrupted token',
      `ops_DUMMY${unpadded(`il":"x@example.com","secretKey":"A3-C4ZJMN-PQTZTL-HGL84-G64M7-KVZRN-4ZVP6"`).slice(3)}`,
    ],
  ])('%s', (_name, text) => {
    expect(scanText(text, LEAK_RULES)).toEqual([]);
  });
});
