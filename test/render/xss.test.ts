// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/render/renderHtml';
import { fetchesOnLoad } from './fetchesOnLoad';
import { ALLOWED_IMAGE_HOST, XSS_CORPORA, everywhere } from './hostileReplies';
import { notInert } from './inertHtml';

describe.each(XSS_CORPORA)(
  '%s render inert everywhere in a reply, and fetch nothing off the list',
  (_name, payloads) => {
    // Thousands of replies through happy-dom: slow on a busy machine, so a generous limit.
    it(`all ${payloads.length} payloads`, { timeout: 300_000 }, () => {
      expect(payloads.length).toBeGreaterThan(100);
      const failures: string[] = [];
      for (const payload of payloads) {
        const html = renderHtml(everywhere(payload), {
          mentionName: (id) => id,
          imageHosts: [ALLOWED_IMAGE_HOST],
        });
        const parsed = document.createElement('div');
        parsed.innerHTML = html;
        const problems = [
          ...notInert(parsed, document),
          ...fetchesOnLoad(parsed, document, [ALLOWED_IMAGE_HOST]),
        ];
        if (problems.length > 0)
          failures.push(`${JSON.stringify(payload.slice(0, 60))}: ${problems.join(', ')}`);
      }
      expect(failures).toEqual([]);
    });
  },
);
