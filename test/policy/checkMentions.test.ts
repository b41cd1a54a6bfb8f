import { expect, it } from 'vitest';
import { checkMentions } from '../../src/policy/checkMentions';
import type { SegmentReply } from '../../src/segments/segmentCatalog';

const reply: SegmentReply = {
  segments: [
    { type: 'mention', data: { target: '1001' } },
    { type: 'text', data: { text: ' and @mallory' } },
    { type: 'mention', data: { target: '6666' } },
  ],
};

it('allows members and the sender, and names every other target by pointer', () => {
  const issues = checkMentions(reply, { allowed: ['1001', '2002'] });
  expect(issues).toEqual([
    expect.objectContaining({ code: 'MENTION_NOT_ALLOWED', path: '/segments/2/data/target' }),
  ]);
  expect(checkMentions(reply, { allowed: new Set(['1001', '6666']) })).toEqual([]);
});

it('never turns literal @name text into a mention, and refuses everything when nobody is allowed', () => {
  expect(checkMentions(reply, { allowed: [] }).map((i) => i.path)).toEqual([
    '/segments/0/data/target',
    '/segments/2/data/target',
  ]);
});
