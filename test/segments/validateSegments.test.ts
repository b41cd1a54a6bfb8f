import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapedReply } from '../../bench/replies';
import { DEFAULT_JSON_LIMITS } from '../../src/json/jsonLimits';
import { checkReply } from '../../src/reply/checkReply';
import { SegmentReplySchema } from '../../src/segments/segmentCatalog';
import { validateSegments } from '../../src/segments/validateSegments';
import { arrayWhereObject, mutatedReply, nearReply } from './segmentArbitraries';
import { valibotIssues } from './valibotIssues';

const issuesOf = (value: unknown, maxIssues?: number) => {
  const result = validateSegments(value, { maxIssues });
  return result.ok ? [] : result.issues;
};
const codeAndPath = (list: readonly { code: string; path: string }[]) =>
  list.map(({ code, path }) => ({ code, path }));
const invalidNearCatalog = fc
  .oneof(nearReply, mutatedReply)
  .filter(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      !arrayWhereObject(value),
  );

describe('validateSegments names the issues valibot names', () => {
  it('lists the same codes and pointers, in the same order, when nothing is capped', () => {
    fc.assert(
      fc.property(invalidNearCatalog, (value) => {
        expect(codeAndPath(issuesOf(value, Infinity))).toEqual(
          valibotIssues(SegmentReplySchema, value),
        );
      }),
      { numRuns: 10_000 },
    );
  });

  it('agrees on the first issues when capped, then ends with one TOO_MANY_ISSUES', () => {
    fc.assert(
      fc.property(invalidNearCatalog, fc.integer({ min: 1, max: 4 }), (value, max) => {
        const oracle = valibotIssues(SegmentReplySchema, value);
        const ours = issuesOf(value, max);
        if (oracle.length <= max) {
          expect(codeAndPath(ours)).toEqual(oracle);
        } else {
          expect(ours).toHaveLength(max + 1);
          expect(codeAndPath(ours.slice(0, max))).toEqual(oracle.slice(0, max));
          expect(ours[max]).toMatchObject({ code: 'TOO_MANY_ISSUES', path: '' });
          expect(ours[max]!.message).toContain(oracle[max]!.path);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps valibot-style messages, with an excerpt of the value it got', () => {
    expect(issuesOf({ segments: [{ type: 'mention', data: { target: 123 } }] })).toEqual([
      { code: 'WRONG_TYPE', path: '/segments/0/data/target', message: 'expected string, got 123' },
    ]);
    expect(issuesOf({ segments: [{ type: 'face', data: { id: true } }] })[0]!.message).toBe(
      'expected (string | number), got true',
    );
    expect(
      issuesOf({ segments: [{ type: 'image', data: { media: { kind: 'ftp', value: 'x' } } }] })[0]!
        .message,
    ).toBe('expected ("url" | "path" | "base64" | "file")');
    expect(issuesOf({ segments: [{ type: 'poll', data: {} }] })[0]!.message).toMatch(
      /^unknown segment type; use one of text, markdown, mention, /,
    );
    expect(issuesOf({ segments: [], extra: 1 })[0]!.message).toBe(
      'unknown field "extra"; every object is closed',
    );
    expect(issuesOf({ segments: [{ type: 'share', data: { url: 'u' } }] })[0]!.message).toBe(
      'missing required field "title"',
    );
    const long = issuesOf({
      segments: [{ type: 'dice', data: `${'word '.repeat(2_000)}ghp_${'a'.repeat(36)}` }],
    });
    expect(long[0]).toMatchObject({ code: 'WRONG_TYPE', path: '/segments/0/data' });
    expect(long[0]!.message.length).toBeLessThan(80);
  });

  it('calls a wrong type a wrong type, where the old valibot mapping said MISSING_FIELD', () => {
    expect(codeAndPath(issuesOf({ segments: [{ type: 'image', data: { media: null } }] }))).toEqual(
      [{ code: 'WRONG_TYPE', path: '/segments/0/data/media' }],
    );
    expect(codeAndPath(issuesOf({ segments: [{ type: 'text', data: 'hi' }] }))).toEqual([
      { code: 'WRONG_TYPE', path: '/segments/0/data' },
    ]);
  });

  it('never takes an array for an object (valibot takes [] for {})', () => {
    expect(issuesOf({ segments: [{ type: 'dice', data: [] }] })).toEqual([
      { code: 'WRONG_TYPE', path: '/segments/0/data', message: 'expected Object, got Array' },
    ]);
    expect(codeAndPath(issuesOf({ segments: [[]] }))).toEqual([
      { code: 'WRONG_TYPE', path: '/segments/0' },
    ]);
    expect(codeAndPath(issuesOf({ segments: [{ type: 'image', data: { media: [] } }] }))).toEqual([
      { code: 'WRONG_TYPE', path: '/segments/0/data/media' },
    ]);
  });
});

describe('validateSegments bounds its issue list', () => {
  const refused = JSON.parse(shapedReply('refused', 1_048_576)) as { segments: unknown[] };

  it('stops a 1 MiB reply of wrong segments at 100 issues and says where it stopped', () => {
    expect(refused.segments.length).toBeGreaterThan(10_000);
    const issues = issuesOf(refused);
    expect(issues).toHaveLength(DEFAULT_JSON_LIMITS.maxIssues + 1);
    expect(codeAndPath(issues.slice(0, 5))).toEqual([
      { code: 'WRONG_TYPE', path: '/segments/0/data/target' },
      { code: 'UNKNOWN_SEGMENT_TYPE', path: '/segments/1/type' },
      { code: 'UNKNOWN_FIELD', path: '/segments/2/extra' },
      { code: 'INVALID_VALUE', path: '/segments/3/data/media/kind' },
      { code: 'MISSING_FIELD', path: '/segments/4/data/title' },
    ]);
    expect(issues.at(-1)).toEqual({
      code: 'TOO_MANY_ISSUES',
      path: '',
      message:
        'more than 100 issues; validation stopped at /segments/100/data/target and did not check the rest',
    });
  });

  it('lists exactly the bound without the marker when there are exactly that many issues', () => {
    const five = { segments: refused.segments.slice(0, 5) };
    expect(issuesOf(five, 5)).toHaveLength(5);
    expect(issuesOf(five, 5).map((issue) => issue.code)).not.toContain('TOO_MANY_ISSUES');
    expect(issuesOf(five, 4).map((issue) => issue.code)).toEqual([
      'WRONG_TYPE',
      'UNKNOWN_SEGMENT_TYPE',
      'UNKNOWN_FIELD',
      'INVALID_VALUE',
      'TOO_MANY_ISSUES',
    ]);
  });

  it('reads the bound sensibly: at least one, Infinity for all, the default for NaN', () => {
    const fifty = { segments: refused.segments.slice(0, 50) };
    expect(issuesOf(fifty, 0)).toHaveLength(2);
    expect(issuesOf(fifty, -3)).toHaveLength(2);
    expect(issuesOf(fifty, 2.9)).toHaveLength(3);
    expect(issuesOf(fifty, Infinity)).toHaveLength(50);
    expect(issuesOf(fifty, Number.NaN)).toHaveLength(50);
    expect(issuesOf(refused, Number.NaN)).toHaveLength(DEFAULT_JSON_LIMITS.maxIssues + 1);
  });

  it('is what checkReply uses, with limits.maxIssues', async () => {
    const text = shapedReply('refused', 32_768);
    expect((await checkReply(text)).issues).toHaveLength(DEFAULT_JSON_LIMITS.maxIssues + 1);
    const capped = await checkReply(text, { limits: { maxIssues: 3 } });
    expect(capped.status).toBe('validation_failed');
    expect(capped.issues.map((issue) => issue.code)).toEqual([
      'WRONG_TYPE',
      'UNKNOWN_SEGMENT_TYPE',
      'UNKNOWN_FIELD',
      'TOO_MANY_ISSUES',
    ]);
  });
});
