import { describe, expect, it } from 'vitest';
import { findMarkup } from '../../src/hygiene/findMarkup';
import { HYGIENE_RULES } from '../../src/hygiene/hygieneRules';
import { maskHostPaths } from '../../src/hygiene/maskHostPaths';
import { scanText } from '../../src/leaks/scanText';
import { checkReply } from '../../src/reply/checkReply';
import { HYGIENE_SAMPLES } from './hygieneSamples';
import { HOST_ROOTS } from './hostRoots';

describe('hygiene rules', () => {
  it('every rule has samples', () => {
    expect(Object.keys(HYGIENE_SAMPLES).sort()).toEqual(
      HYGIENE_RULES.map((rule) => rule.id).sort(),
    );
  });

  for (const rule of HYGIENE_RULES) {
    it.each(HYGIENE_SAMPLES[rule.id]!.tp)(`${rule.id} finds %s`, (text) => {
      expect(scanText(text, [rule]).length).toBeGreaterThan(0);
    });
    it.each(HYGIENE_SAMPLES[rule.id]!.fp)(`${rule.id} leaves %s alone`, (text) => {
      expect(scanText(text, HYGIENE_RULES)).toEqual([]);
    });
  }

  it('reports rule and pointer for every string, and never the markup text itself beyond the rule', () => {
    const issues = findMarkup({
      segments: [
        { type: 'text', data: { text: 'ok' } },
        { type: 'markdown', data: { content: '<think>secret plan</think>Hi' } },
        { type: 'share', data: { url: 'https://x', title: '<tool_call>{}' } },
      ],
    });
    expect(issues.map((i) => [i.code, i.rule, i.path])).toEqual([
      ['REASONING_IN_REPLY', 'reasoning-tag', '/segments/1/data/content'],
      ['REASONING_IN_REPLY', 'reasoning-tag', '/segments/1/data/content'],
      ['TOOL_MARKUP_IN_REPLY', 'tool-call-tag', '/segments/2/data/title'],
    ]);
    expect(JSON.stringify(issues)).not.toContain('secret plan');
  });

  it('refuses such a reply in the IM preset (it then goes through the one correction)', async () => {
    const result = await checkReply(
      JSON.stringify({ segments: [{ type: 'text', data: { text: '<think>x</think>Hello' } }] }),
    );
    expect(result.status).toBe('validation_failed');
    expect(result.issues[0]).toMatchObject({
      code: 'REASONING_IN_REPLY',
      rule: 'reasoning-tag',
      path: '/segments/0/data/text',
    });
    expect(
      (
        await checkReply(
          JSON.stringify({
            segments: [{ type: 'markdown', data: { content: 'Use a <div> here; I think so.' } }],
          }),
        )
      ).status,
    ).toBe('completed');
    expect(
      (
        await checkReply(
          JSON.stringify({ segments: [{ type: 'text', data: { text: '<think>x</think>' } }] }),
          { hygiene: false },
        )
      ).status,
    ).toBe('completed');
  });
});

describe('maskHostPaths', () => {
  const roots = HOST_ROOTS;

  it('rewrites paths under each root relative, in any string, and reports pointers only', () => {
    const reply = {
      segments: [
        { type: 'text', data: { text: 'Edit /srv/app/src/a.ts and (/home/bot/notes.md).' } },
        {
          type: 'markdown',
          data: { content: '`/tmp/build-1/out.log`, file:///srv/app/README.md' },
        },
        { type: 'file', data: { media: { kind: 'path', value: '/srv/app' } } },
        { type: 'text', data: { text: 'Windows: c:\\users\\bot\\Desktop\\x.txt' } },
      ],
    };
    const { value, findings } = maskHostPaths(reply, roots);
    expect(value.segments[0]!.data).toEqual({ text: 'Edit ./src/a.ts and (~/notes.md).' });
    expect(value.segments[1]!.data).toEqual({ content: '`$TMPDIR/build-1/out.log`, ./README.md' });
    expect((value.segments[2]!.data as { media: { value: string } }).media.value).toBe('.');
    expect(value.segments[3]!.data).toEqual({ text: 'Windows: ~\\Desktop\\x.txt' });
    expect(findings.map((f) => f.path)).toEqual([
      '/segments/0/data/text',
      '/segments/0/data/text',
      '/segments/1/data/content',
      '/segments/1/data/content',
      '/segments/2/data/media/value',
      '/segments/3/data/text',
    ]);
    expect(JSON.stringify(findings)).not.toContain('/srv/app');
  });

  it('keeps offsets right when lower-casing would change the length of the text', () => {
    const { value } = maskHostPaths({ text: 'İstanbul: C:\\Users\\bot\\x.txt' }, roots);
    expect(value.text).toBe('İstanbul: ~\\x.txt');
  });

  it('matches whole segments only: no longer names, no tails of other paths, no URL paths', () => {
    const text = '/srv/application/x, /var/srv/app/x, https://example.com/srv/app/x, /tmpfile';
    expect(maskHostPaths({ text }, roots)).toEqual({
      value: { text },
      findings: [],
      collisions: [],
    });
  });

  it('re-validates after rewriting (stage post_guardrail)', async () => {
    const result = await checkReply(
      JSON.stringify({ segments: [{ type: 'text', data: { text: 'see /srv/app/.env' } }] }),
      { hostPaths: roots },
    );
    expect(result).toMatchObject({
      status: 'completed',
      value: { segments: [{ type: 'text', data: { text: 'see ./.env' } }] },
      meta: { stage: 'post_guardrail' },
      findings: [{ code: 'HOST_PATH_MASKED', rule: 'host-path' }],
    });
  });
});
