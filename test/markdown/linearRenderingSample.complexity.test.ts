import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/renderHtml';
import { MAX_RATIO, growthRatio } from '../leaks/complexity';
import { MIXED, ORDINARY, PATHOLOGICAL } from './pathologicalMarkdown';
import { markdownReply } from './renderMarkdownReply';

// The small sample: renderHtml on eight replies of 8 KB against one of 64 KB, for every family of
// pathological Markdown and their mixes (linear scores about 1, quadratic about 8). It times work,
// so it runs with the sweeps (`npm run test:complexity`), not in `npm test`: on a loaded machine
// a timed ratio in the inner loop failed CI. The sweep to the core's 1 MiB limit, and the cost
// against an ordinary reply, are linearRendering.complexity.test.ts.
const SMALL = 8 * 1024;
const render = (content: string) => renderHtml(markdownReply(content));

describe('renderHtml grows linearly from 8 KB to 64 KB', { retry: 2 }, () => {
  it.each(Object.entries({ ordinary: ORDINARY, ...PATHOLOGICAL, ...MIXED }))(
    '%s',
    (_name, make) => {
      expect(growthRatio(render, make, SMALL)).toBeLessThan(MAX_RATIO);
    },
  );
});

// Quadratic work at these sizes scores about 8 (a scan back to the start every 16 characters);
// the control with micromark, the super-linear renderer this replaced, is in the complexity sweep
// (it takes seconds, and under load more than the inner loop should wait).
it('the check would catch quadratic work at these sizes (negative control)', { retry: 2 }, () => {
  const quadratic = (content: string) => {
    let found = 0;
    for (let at = 0; at < content.length; at += 16) found += content.lastIndexOf('\u0000', at);
    return found;
  };
  const ratio = growthRatio(quadratic, PATHOLOGICAL['lists on one line (- - -)']!, SMALL);
  expect(ratio).toBeGreaterThan(MAX_RATIO);
});
