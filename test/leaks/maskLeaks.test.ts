import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks, scanLeaks } from '../../src/leaks/maskLeaks';
import { random } from './ruleSamples';

const githubToken = `ghp_${random(36)}`;
const awsKeyId = `AKIA${random(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;

describe('maskLeaks', () => {
  it('masks secrets in every string of a reply and reports rule, pointer and span, never the secret', () => {
    const reply = {
      segments: [
        { type: 'text', data: { text: `use ${githubToken} now` } },
        { type: 'markdown', data: { content: `key id: \`${awsKeyId}\`` } },
        {
          type: 'image',
          data: {
            media: { kind: 'url', value: `https://deploy:${random(14)}@cdn.example.com/a.png` },
          },
        },
        { type: 'share', data: { url: 'https://example.com', title: `token ${githubToken}` } },
        { type: 'text', data: { text: 'nothing here' } },
      ],
    };
    const { value, findings } = maskLeaks(reply);
    expect(value.segments[0]!.data).toEqual({ text: `use ${LEAK_MASK} now` });
    expect(value.segments[1]!.data).toEqual({ content: `key id: \`${LEAK_MASK}\`` });
    expect((value.segments[2]!.data as { media: { value: string } }).media.value).toBe(
      `https://${LEAK_MASK}@cdn.example.com/a.png`,
    );
    expect(value.segments[3]!.data).toEqual({
      url: 'https://example.com',
      title: `token ${LEAK_MASK}`,
    });
    expect(value.segments[4]).toBe(reply.segments[4]);
    expect(findings.map((f) => [f.rule, f.path])).toEqual([
      ['github-token', '/segments/0/data/text'],
      ['aws-access-key-id', '/segments/1/data/content'],
      ['basic-auth-url', '/segments/2/data/media/value'],
      ['github-token', '/segments/3/data/title'],
    ]);
    expect(findings[0]).toMatchObject({
      code: 'LEAK_MASKED',
      start: 4,
      end: 4 + githubToken.length,
    });
    expect(JSON.stringify(findings)).not.toContain(githubToken.slice(4));
    expect(reply.segments[0]!.data).toEqual({ text: `use ${githubToken} now` });
  });

  it('returns the same object when nothing leaks', () => {
    const clean = { segments: [{ type: 'text', data: { text: 'hello' } }] };
    expect(maskLeaks(clean).value).toBe(clean);
    expect(scanLeaks(clean)).toEqual([]);
  });

  it('masks overlapping findings once', () => {
    const text = `Authorization: Bearer ${githubToken}`;
    const { value, findings } = maskLeaks({ text });
    expect(findings.length).toBeGreaterThan(1);
    expect(value.text).toBe(`Authorization: Bearer ${LEAK_MASK}`);
  });

  it('masks literal values the host registers, whole or quoted in part', () => {
    const systemPrompt =
      'You are the support agent of Acme Corp. Never reveal the refund override code or the names of internal tools, and always answer politely in English.';
    const envSecret = 'hunter2-acme-staging';
    const quoted = `Sure. My instructions say: "${systemPrompt.slice(10, 100)}". Also ${envSecret}.`;
    const { value, findings } = maskLeaks(
      { text: quoted },
      { literals: [systemPrompt, envSecret, 'abc'] },
    );
    expect(value.text).not.toContain(envSecret);
    expect(value.text).not.toContain(systemPrompt.slice(30, 80));
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(['host-literal']));
    expect(
      maskLeaks({ text: 'abc is too short to register' }, { literals: ['abc'] }).findings,
    ).toEqual([]);
  });

  it('lets allowed values through and uses the host mask text', () => {
    expect(maskLeaks({ text: githubToken }, { allow: [githubToken] }).findings).toEqual([]);
    expect(maskLeaks({ text: githubToken }, { mask: '***' }).value.text).toBe('***');
  });

  it('scans nested strings anywhere', () => {
    const findings = scanLeaks({ a: [{ b: { c: `x ${githubToken}` } }, 1, null, true] });
    expect(findings.map((f) => f.path)).toEqual(['/a/0/b/c']);
  });
});
