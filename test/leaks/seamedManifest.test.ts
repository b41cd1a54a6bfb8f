import { describe, expect, it } from 'vitest';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { checkReply } from '../../src/reply/checkReply';

// A Kubernetes Secret manifest cut across strings the reader sees as one text (the split the
// split-key property found, PROPERTY_SEED=5): `kind` is cut, and the cut leaves 5-wide lines
// (`  nam`, `e: db`, `data:`) that read as a wrapped block, so joining every line break glues
// `db` + `data:`. The strings joined at their seams alone, lines kept, are the manifest.
const value = 'NTVaZlJSZzNGamsx';
const parts = [
  'apiVersion: v1\nki',
  'nd: Secret\nmetadata:\n  nam',
  `e: db\ndata:\n  password: ${value}\n`,
];
const reply = { segments: parts.map((text) => ({ type: 'text', data: { text } })) };

describe('a manifest cut across strings, its lines kept', () => {
  it('maskLeaks masks the data value', () => {
    const { value: masked, findings } = maskLeaks(reply);
    expect(findings.map(({ rule }) => rule)).toEqual(['kubernetes-secret']);
    expect(masked.segments[2]!.data.text).toBe(`e: db\ndata:\n  password: ${LEAK_MASK}\n`);
  });

  it('checkReply finds it', async () => {
    const { findings = [] } = await checkReply(JSON.stringify(reply));
    expect(findings.map(({ rule, path }) => [rule, path])).toEqual([
      ['kubernetes-secret', '/segments/2/data/text'],
    ]);
  });

  it('masks a value cut at a seam whole, past the part found before the seam', () => {
    const cut = [
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: NTVaZlJSZz',
      'NGamsx\n',
    ];
    const { value: masked } = maskLeaks({
      segments: cut.map((text) => ({ type: 'text', data: { text } })),
    });
    expect(masked.segments[0]!.data.text).toMatch(/password: \[REDACTED\]$/);
    expect(masked.segments[1]!.data.text).toBe(`${LEAK_MASK}\n`);
  });
});
