import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/renderHtml';
import { MAX_RATIO, growthRatio } from '../leaks/complexity';
import { MIXED, ORDINARY, PATHOLOGICAL } from './pathologicalMarkdown';
import { markdownReply } from './renderMarkdownReply';
import { micromarkHtml } from './references';

// The inner loop's check: renderHtml on eight replies of 8 KB against one of 64 KB, for every
// family of pathological Markdown and their mixes (linear scores about 1, quadratic about 8). The
// sweep to the core's 1 MiB limit, and the cost against an ordinary reply, are
// linearRendering.complexity.test.ts (`npm run test:complexity`).
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

// Retried like the checks above: under a loaded machine a small input's fixed costs can pull
// micromark's score below the bound once (3.4 measured with the suite on both cores and four
// builds beside it; 8 is its quadratic score).
it(
  'the check would catch a quadratic renderer (negative control: micromark, which this replaced)',
  { retry: 2 },
  () => {
    const ratio = growthRatio(micromarkHtml, PATHOLOGICAL['lists on one line (- - -)']!, 512);
    expect(ratio).toBeGreaterThan(MAX_RATIO);
  },
);
