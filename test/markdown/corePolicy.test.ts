import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/renderHtml';
import { checkReply } from '../../src/reply/checkReply';
import { MARKDOWN_LIMITS } from '../../src/markdown/markdownLimits';
import { PATHOLOGICAL } from './pathologicalMarkdown';

// The decision of issue 19: the core does not refuse a reply for the shape of its Markdown. Deep
// nesting and long delimiter runs are a rendering cost, and replyguard's renderer is linear on
// any of them (past its limits it shows text); a structure limit in the core would also refuse
// long ordinary replies, and could not know another renderer's limits. Hosts that render with
// another Markdown library should give it limits of its own.
describe('the core accepts Markdown whatever its structure', () => {
  it.each(Object.entries(PATHOLOGICAL))('%s (64 KB)', async (_name, make) => {
    const reply = JSON.stringify({
      segments: [{ type: 'markdown', data: { content: make(64 * 1024) } }],
    });
    const result = await checkReply(reply);
    expect(result.issues.filter((issue) => /MARKDOWN|DEPTH|NEST/.test(issue.code))).toEqual([]);
    expect(result.status).toBe('completed');
    // And it renders, bounded.
    const html = renderHtml(result);
    expect(html.startsWith('<div class="rg-markdown"')).toBe(true);
    let depth = 0;
    let deepest = 0;
    for (const [tag] of html.matchAll(/<\/?(?:blockquote|li)>/g)) {
      depth += tag.startsWith('</') ? -1 : 1;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeLessThanOrEqual(MARKDOWN_LIMITS.maxContainerDepth);
  });
});
