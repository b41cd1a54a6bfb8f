import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { redactPointer } from '../../src/leaks/redactIssues';
import { redactText } from '../../src/leaks/redactText';
import { scanText } from '../../src/leaks/scanText';
import { checkReply } from '../../src/reply/checkReply';
import { RULE_SAMPLES, random } from './ruleSamples';

// Guards of issue 19 (section 5) that no test pinned: each of these was broken on purpose and
// the suite still passed. Each test here fails when its guard is broken.

const HEX = '0123456789abcdef';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

// Keywords whose tokens have a body of their own (another length or alphabet than the rule's
// first sample): a sample made for each.
const KEYWORD_SAMPLES: Record<string, Record<string, string>> = {
  'aws-access-key-id': { A3T: `id A3TX${random(16, UPPER)} here` },
  'stripe-key': { whsec_: `whsec_${random(32)}` },
  'linear-api-key': { lin_oauth_: `lin_oauth_${random(64, HEX)}` },
  'flyio-access-token': {
    fm1: `fm1r_${random(120, B64)}`,
    fm2_: `fm2_${random(120, B64)}`,
  },
  'grafana-token': { glsa_: `glsa_${random(32)}_${random(8, HEX)}` },
  'sentry-token': { sntryu_: `sntryu_${random(64, HEX)}` },
  'square-token': { 'sq0csp-': `sq0csp-${random(43)}`, EAAA: `EAAA${random(60)}` },
  'newrelic-key': { 'NRJS-': `NRJS-${random(19, HEX)}`, 'NRII-': `NRII-${random(32)}` },
  'jfrog-token': { cmVmd: `cmVmd${random(59)}` },
  'supabase-key': { sb_secret_: `sb_secret_${random(31)}` },
  'curl-user-credentials': { '--user': `curl --user admin:${random(12)} https://localhost` },
  'high-entropy-assignment': { passw: `db_passwd: ${random(32)}` },
};

/** The rule's first sample with the keyword it starts from swapped for `keyword`. */
function sampleFor(ruleId: string, keyword: string): string {
  const own = KEYWORD_SAMPLES[ruleId]?.[keyword];
  if (own) return own;
  const rule = LEAK_RULES.find((r) => r.id === ruleId)!;
  const sample = RULE_SAMPLES[ruleId]!.tp[0]!;
  const ignoreCase = rule.ignoreCase ?? rule.pattern?.flags.includes('i') ?? false;
  const haystack = ignoreCase ? sample.toLowerCase() : sample;
  const [present, at] = rule.keywords
    .map((k) => [k, haystack.indexOf(ignoreCase ? k.toLowerCase() : k)] as const)
    .filter(([, index]) => index >= 0)
    .sort((a, b) => a[1] - b[1] || b[0].length - a[0].length)[0]!;
  return sample.slice(0, at) + keyword + sample.slice(at + present.length);
}

describe('every keyword of every anchored rule reaches its rule', () => {
  const cases = LEAK_RULES.filter((rule) => rule.anchored).flatMap((rule) =>
    rule.keywords.map((keyword) => [rule.id, keyword] as const),
  );

  it('covers the anchored rules and their keywords (gh?_ and A??A among them)', () => {
    expect(cases.length).toBeGreaterThan(150);
    for (const keyword of ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'])
      expect(cases).toContainEqual(['github-token', keyword]);
    for (const keyword of ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'])
      expect(cases).toContainEqual(['aws-access-key-id', keyword]);
  });

  it.each(cases)('%s by %j', (ruleId, keyword) => {
    const text = sampleFor(ruleId, keyword);
    expect(text).toContain(keyword);
    expect(scanText(text, LEAK_RULES).map((found) => found.rule)).toContain(ruleId);
  });
});

describe('masking leaves nothing of what it masks', () => {
  const token = `ghp_${random(36)}`;

  it('spans that overlap (a host literal over part of a token) leave no original character', () => {
    const literal = `${token.slice(20)}.prod-db-7.internal`;
    const text = `key ${token}.prod-db-7.internal; bye`;
    const masked = maskLeaks({ text }, { literals: [literal] }).value.text;
    expect(masked.startsWith('key ')).toBe(true);
    expect(masked.endsWith('; bye')).toBe(true);
    // No run of four characters of the token or the literal is left.
    for (const secret of [token, literal])
      for (let i = 0; i + 4 <= secret.length; i++)
        expect(masked, secret.slice(i, i + 4)).not.toContain(secret.slice(i, i + 4));
  });

  it('a base64url-encoded secret is masked', () => {
    // `???` encodes to `Pz8/`: the URL-safe alphabet's `_` is in the run.
    const encoded = btoa(`??? token=${token}`)
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(encoded).toMatch(/[-_]/);
    const masked = redactText(`payload ${encoded} end`);
    expect(masked).not.toContain(encoded);
    expect(masked).toContain('[REDACTED]');
  });

  it('a lower-case percent-encoded secret is masked', () => {
    const encoded = [...token]
      .map((char) => `%${char.charCodeAt(0).toString(16).toLowerCase().padStart(2, '0')}`)
      .join('');
    expect(encoded).toMatch(/%[0-9]?[a-f]/);
    const masked = redactText(`see https://x.example/?q=${encoded} now`);
    expect(masked).not.toContain(encoded.slice(12, 40));
    expect(masked).toContain('[REDACTED]');
  });

  it('a secret split across the tokens of a JSON pointer is masked', () => {
    // Member names that, joined by the pointer's slashes, spell a database URL with a password.
    const password = random(14);
    const pointer = `/answer/postgres:/~1app:${password}@db.internal:5432/prod`;
    const redacted = redactPointer(pointer);
    expect(redacted.startsWith('/answer/')).toBe(true);
    expect(redacted).not.toContain(password);
    expect(redacted).toContain('[REDACTED]');
    // Alone, no token of it is a secret: only the pointer read whole finds it.
    expect(redactPointer('/answer/postgres:')).toBe('/answer/postgres:');
    // (The token alone is too long for a pointer to show, issue 26: the scanner is asked itself.)
    expect(scanText(`app:${password}@db.internal:5432`, LEAK_RULES)).toEqual([]);
  });

  it('a token cut into member names is masked in every token it spans (issue 20)', () => {
    const github = `ghp_${random(36)}`;
    // Two pieces, the first after other tokens (its letters glued to theirs would hide it).
    const two = redactPointer(`/segments/0/data/${github.slice(0, 9)}/${github.slice(9)}`);
    expect(two).toBe('/segments/0/data/[REDACTED]/[REDACTED]');
    // Three pieces, the token starting inside a member name.
    const three = redactPointer(
      `/x/key=${github.slice(0, 14)}/${github.slice(14, 28)}/${github.slice(28)}`,
    );
    // A token a secret touches is masked whole (issue 26): `key=` goes with it.
    expect(three).toBe('/x/[REDACTED]/[REDACTED]/[REDACTED]');
    // Each piece alone is no token: only reading the tokens together finds it.
    expect(redactPointer(`/segments/0/data/${github.slice(0, 9)}`)).toContain(github.slice(0, 9));
    expect(redactPointer(`/segments/0/data/${github.slice(9)}`)).toContain(github.slice(9));
    // A pointer without a secret, whatever its tokens spell together, is left as it is.
    expect(redactPointer('/segments/12/data/text')).toBe('/segments/12/data/text');
  });

  it('an issue whose path cuts a token into member names leaves checkReply masked (issue 20)', async () => {
    const github = `ghp_${random(36)}`;
    // A duplicate member name inside a member: the issue's pointer holds the token in two pieces.
    const [head, rest] = [github.slice(0, 12), github.slice(12)];
    const result = await checkReply(`{"segments":[],"${head}":{"${rest}":1,"${rest}":2}}`);
    expect(result.status).toBe('validation_failed');
    expect(result.issues).toMatchObject([
      { code: 'DUPLICATE_KEY', path: '/[REDACTED]/[REDACTED]' },
    ]);
    const out = JSON.stringify(result.issues);
    expect(out).not.toContain(head);
    expect(out).not.toContain(rest.slice(0, 8));
  });
});

describe('the depth limit', () => {
  const token = `ghp_${random(36, B64.slice(0, 62))}`;
  // Emphasis markers at the cut: the joined text reads `**` where the lines met, which only a
  // normalised view of the joined text takes out.
  const wrapped = `${token.slice(0, 20)}*\n*${token.slice(20)}`;

  it('a wrapped token base64-encoded twice is found: the joined view is normalised at the limit', () => {
    expect(scanText(btoa(btoa(wrapped)), LEAK_RULES).map((finding) => finding.rule)).toContain(
      'github-token',
    );
  });

  it('(control) the same wrap is found once encoded', () => {
    expect(scanText(btoa(wrapped), LEAK_RULES).map((finding) => finding.rule)).toContain(
      'github-token',
    );
  });
});
