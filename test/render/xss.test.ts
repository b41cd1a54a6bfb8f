// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { renderHtml } from '../../src/render/renderHtml';
import { notInert } from './inertHtml';

// happy-dom gives modules an http: import.meta.url, so the fixtures are found from the project root.
const dir = join(process.cwd(), 'test/fixtures/xss/');
const dompurify = (JSON.parse(readFileSync(`${dir}dompurify/dompurify-expect.json`, 'utf8')) as { payload: string }[]).map((c) => c.payload);
const payloadbox = [...new Set(readFileSync(`${dir}payloadbox/xss-payload-list.txt`, 'utf8').split('\n').filter((line) => line.trim() !== ''))];
const owasp = (JSON.parse(readFileSync(`${dir}owasp/xss-filter-evasion-vectors.json`, 'utf8')) as { payload: string }[]).map((c) => c.payload);

/** Every place a string can go in a reply, filled with one payload. */
function everywhere(payload: string): ReplyResult<SegmentReply> {
  const value: SegmentReply = {
    segments: [
      { type: 'text', data: { text: payload } },
      { type: 'markdown', data: { content: payload } },
      { type: 'markdown', data: { content: `[link](${payload}) ![img](${payload}) <${payload}>` } },
      { type: 'share', data: { url: payload, title: payload } },
      { type: 'image', data: { media: { kind: 'url', value: payload } } },
      { type: 'video', data: { media: { kind: 'base64', value: payload } } },
      { type: 'file', data: { media: { kind: 'url', value: payload } } },
      { type: 'mention', data: { target: payload } },
      { type: 'face', data: { id: payload } },
      { type: 'reply', data: { message_id: payload } },
    ],
  };
  return { status: 'completed', value, issues: [], findings: [], usage: { inputTokens: 0, outputTokens: 0 }, meta: { attempts: 1, stage: 'model', enforcement: 'prompt_only', schemaName: 'segment_reply', durationMs: 0 } };
}

describe.each([
  ['DOMPurify fixtures', dompurify],
  ['payloadbox list', payloadbox],
  ['OWASP evasion vectors', owasp],
])('%s render inert everywhere in a reply', (_name, payloads) => {
  it(`all ${payloads.length} payloads`, () => {
    expect(payloads.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const payload of payloads) {
      const problems = notInert(renderHtml(everywhere(payload), { mentionName: (id) => id }), document);
      if (problems.length > 0) failures.push(`${JSON.stringify(payload.slice(0, 60))}: ${problems.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});
