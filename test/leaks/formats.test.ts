import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DELTA_DIGITS, confusablesTable } from '../../scripts/confusablesTable';
import { foldCodePoint } from '../../src/leaks/foldChar';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { sampleRandom } from './formatSamples';

// Issue 28, item 3: formats missed in plain text, written as an assistant would write them, and
// look-alikes outside UTS #39's table.
const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const rulesOf = (text: string) => scanText(text, LEAK_RULES).map((f) => f.rule);

describe('current token formats in prose', () => {
  it.each([
    [
      'a Notion secret_ token',
      `Set it to secret_${sampleRandom(43)} in .env.`,
      'notion-legacy-token',
    ],
    ['a Notion ntn_ token', `Your token: ntn_${sampleRandom(46)}`, 'notion-api-token'],
    [
      'a Notion ntn_ token, digits first',
      `ntn_${sampleRandom(11, '0123456789')}${sampleRandom(35)}`,
      'notion-api-token',
    ],
    [
      'a Figma token',
      `Paste figd_${sampleRandom(40, B64URL)} into the plugin.`,
      'figma-personal-access-token',
    ],
    [
      'a Mailgun key',
      `The Mailgun key is key-${sampleRandom(32, LOWER)} (dashboard).`,
      'mailgun-api-key',
    ],
    [
      'a Mailgun key of the current format under its name',
      `MAILGUN_API_KEY=${sampleRandom(32, HEX)}-${sampleRandom(8, HEX)}-${sampleRandom(8, HEX)}`,
      'mailgun-named-key',
    ],
    [
      'a Cloudflare API token in prose',
      `Your Cloudflare API token is ${sampleRandom(19, B64URL)}Q7x${sampleRandom(18, B64URL)}, keep it safe.`,
      'cloudflare-api-token-in-prose',
    ],
    [
      'a scannable Cloudflare user token',
      `cfut_${sampleRandom(40)}${sampleRandom(8, HEX)}`,
      'cloudflare-api-token',
    ],
    [
      'a scannable Cloudflare account token',
      `token cfat_${sampleRandom(40)}${sampleRandom(8, HEX)}`,
      'cloudflare-api-token',
    ],
    [
      'a Cloudflare Global API Key',
      `cfk_${sampleRandom(40)}${sampleRandom(8, HEX)}`,
      'cloudflare-api-token',
    ],
    [
      'a Hugging Face token with digits',
      `login with hf_${sampleRandom(30)}4aZ7`,
      'huggingface-token',
    ],
  ])('%s', (_what, text, rule) => {
    expect(rulesOf(text)).toContain(rule);
  });

  it.each([
    ['a Cloudflare commit SHA', `Cloudflare deployed ${sampleRandom(40, HEX)} today.`],
    ['a Cloudflare zone id', `Cloudflare zone ${sampleRandom(32, HEX)}`],
    ['a Cloudflare account id under a name', `CLOUDFLARE_ACCOUNT_ID=${sampleRandom(32, HEX)}`],
    ['a word after hf_', 'hf_requiredCharacteristicTypesForDisplayMetadata'],
    ['a snake_case name after secret_', 'SECRET_KEY_BASE_FOR_THE_WHOLE_APPLICATION_AND_MORE_TEXT'],
    ['a cache key with a digest', `cache-key-${sampleRandom(32, LOWER)}`],
  ])('leaves %s alone', (_what, text) => {
    expect(rulesOf(text)).toEqual([]);
  });
});

describe('look-alikes beyond UTS #39', () => {
  it("finds the issue's AWS key id written with Ʒ, ᗅ and Coptic Ⲃ", () => {
    expect(rulesOf('key AKIAH6DZZ4GEƷT3ᗅDⲂF6 end')).toContain('aws-access-key-id');
  });

  it.each([
    ['Latin small capitals', 'ᴀʙᴅᴇꜰɢʜᴊᴋʟᴍɴᴘꞯʀᴛ', 'ABDEFGHJKLMNPQRT'],
    ['Coptic capitals and small letters', 'ⲀⲂⲁⲃⲏⲓⲕⲙⲛⲧⲩⲭ', 'ABABHIKMNTYX'],
    ['Cyrillic small letters drawn as small capitals', 'вкмнт', 'BKMHT'],
    ['Cherokee small letters', 'ꭺꭰꭼꮐꮋꮢꮲᏼ', 'ADEGHRPB'],
    ['Runic', 'ᛒᚱ', 'BR'],
    ['Greek tau, in text and mathematical', 'τ𝛕', 'TT'],
    ['negative circled and squared capitals', '🅐🅩🅰🆉', 'AZAZ'],
  ])('reads %s as the letters they imitate', (_what, lookAlikes, ascii) => {
    expect([...lookAlikes].map((char) => foldCodePoint(char.codePointAt(0)!)).join('')).toBe(ascii);
  });

  it('finds tokens written in them', () => {
    const body = sampleRandom(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
    expect(rulesOf(`id ᴀKIA${body.slice(0, 8)}ⲂⲂ${body.slice(10)} ok`)).toContain(
      'aws-access-key-id',
    );
    // Small capitals and Cherokee small letters in a token body read as the capitals they are.
    expect(rulesOf(`token ghp_${sampleRandom(32)}вꭺⲁᴍ`)).toContain('github-token');
  });

  it('keeps Greek letters that read otherwise (η as n, μ as u) out of the capitals', () => {
    expect(foldCodePoint('η'.codePointAt(0)!)).not.toBe('H');
    expect(foldCodePoint('μ'.codePointAt(0)!)).not.toBe('M');
  });

  it('(control) confusables.txt alone reads none of them: the supplement puts them in the table', () => {
    const require = createRequire(import.meta.url);
    const data = JSON.parse(
      readFileSync(require.resolve('unhomoglyph/data.json'), 'utf8'),
    ) as Record<string, string>;
    // The code points a table reads, decoded as foldChar.ts decodes it.
    const decoded = (table: string) => {
      const codes = new Set<string>();
      let at = 0;
      let delta = 0;
      for (const char of table) {
        const digit = DELTA_DIGITS.indexOf(char);
        if (digit >= 0) delta = delta * DELTA_DIGITS.length + digit;
        else {
          at += delta;
          delta = 0;
          codes.add(String.fromCodePoint(at));
        }
      }
      return codes;
    };
    const without = decoded(confusablesTable(data, false));
    const withSupplement = decoded(confusablesTable(data));
    for (const char of 'Ⲃᴀʙвꭺ🅐τ') {
      expect(without.has(char), char).toBe(false);
      expect(withSupplement.has(char), char).toBe(true);
    }
  });
});

describe('a token glued to a word by an underscore', () => {
  const classic = `ghp_${sampleRandom(36)}`;
  const fineGrained = `github_pat_${sampleRandom(82).replace(/-/g, '_')}`;
  it.each([
    ['a classic GitHub token', `run call_${classic} now`, 'github-token'],
    ['a GitHub token after SCREAMING_CASE', `MY_TOKEN_${classic}`, 'github-token'],
    ['a fine-grained GitHub token', `x_${fineGrained}`, 'github-fine-grained-pat'],
  ])('%s', (_name, text, rule) => {
    expect(rulesOf(text)).toContain(rule);
  });

  it('but not a letter before the prefix (another word)', () => {
    expect(rulesOf(`xghp_${sampleRandom(36)}`)).not.toContain('github-token');
  });
});
