import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { redactText } from '../../src/leaks/redactText';
import { scanText } from '../../src/leaks/scanText';
import { benignReplies } from './benignCorpus';
import { random } from './ruleSamples';

// Issue 28: ordinary ids under key-like names were masked (17 of 24 in the report). The corpus
// is assistant replies with no secret in them; none may come back masked. No skip list: every
// reply is scanned.
const replies = benignReplies();

/** The replies the scanner masks anything in, with what it found. */
function flagged(texts: readonly { id: string; text: string }[]): string[] {
  return texts.flatMap(({ id, text }) =>
    scanText(text, LEAK_RULES).map((f) => `${id}: ${f.rule} ${text.slice(f.start, f.end)}`),
  );
}

describe('the benign corpus', () => {
  it('has at least 300 replies, each with an id of its own', () => {
    expect(replies.length).toBeGreaterThanOrEqual(300);
    expect(new Set(replies.map((r) => r.id)).size).toBe(replies.length);
    expect(replies.every((r) => r.text.length > 40 && !r.text.includes('{{uuid}}'))).toBe(true);
  });

  it("holds each kind of identifier the issue's report saw masked", () => {
    const all = replies.map((r) => r.text).join('\n');
    for (const name of [
      'AZURE_TENANT_ID=',
      'AZURE_CLIENT_ID=',
      'HEROKU_APP_ID=',
      'SNYK_ORG_ID=',
      'Idempotency-Key: ',
      '"idempotency_key":',
      's3_key: ',
      'object_key = ',
      'PWD=/',
      'OLDPWD=/',
      '"partition_key": ',
      'password_policy = ',
      '/cryptoKeyVersions/',
      ':secret:',
      'ftp://anonymous:',
      '"dedup_key": ',
    ])
      expect(all, name).toContain(name);
  });

  it('comes out unmasked: a false-positive rate of 0', () => {
    const found = flagged(replies);
    const rate = new Set(found.map((line) => line.split(':')[0])).size / replies.length;
    console.log(`benign corpus: ${replies.length} replies, false-positive rate ${rate}`);
    expect(found).toEqual([]);
    expect(replies.every((r) => redactText(r.text) === r.text)).toBe(true);
  });

  it('(control) a secret planted in one reply is found there', () => {
    const token = `ghp_${random(36)}`;
    const planted = replies.map((r, k) => (k === 100 ? { ...r, text: `${r.text}\n${token}` } : r));
    expect(flagged(planted)).toEqual([`${replies[100]!.id}: github-token ${token}`]);
  });
});
