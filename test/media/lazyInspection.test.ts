import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SegmentReply } from '../../src/segments/segmentCatalog';

// The byte inspection is a lazy chunk, loaded only for a reply with media to inspect.
afterEach(() => {
  vi.doUnmock('../../src/media/findMediaProblems');
  vi.resetModules();
});

const PNG = btoa(
  String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(24).fill(0)),
);
const reply: SegmentReply = {
  segments: [
    { type: 'text', data: { text: 'look' } },
    { type: 'image', data: { media: { kind: 'base64', value: PNG } } },
    { type: 'file', data: { media: { kind: 'file', value: 'f-1' } } },
    { type: 'image', data: { media: { kind: 'url', value: 'https://example.com/a.png' } } },
  ],
};

describe('the lazy media inspection', () => {
  it('is not loaded for a reply with nothing to inspect', async () => {
    vi.resetModules();
    let loaded = false;
    vi.doMock('../../src/media/findMediaProblems', () => {
      loaded = true;
      return {};
    });
    const { inspectMedia } = await import('../../src/media/inspectMedia');
    const plain: SegmentReply = {
      segments: [reply.segments[0]!, reply.segments[2]!, reply.segments[3]!],
    };
    // file references are opaque, a url without a reader passes uninspected.
    expect(await inspectMedia(plain)).toEqual({ reply: plain, findings: [] });
    expect(loaded).toBe(false);
  });

  it('that cannot be loaded delivers no media unseen: what needed a look is replaced', async () => {
    vi.resetModules();
    vi.doMock('../../src/media/findMediaProblems', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { inspectMedia } = await import('../../src/media/inspectMedia');
    const read = () => new Uint8Array(8);
    const inspected = await inspectMedia(reply, { read, unavailableText: '[gone]' });
    expect(inspected.findings).toEqual([
      { code: 'MEDIA_UNAVAILABLE', rule: 'media-unreadable', path: '/segments/1' },
      { code: 'MEDIA_UNAVAILABLE', rule: 'media-unreadable', path: '/segments/3' },
    ]);
    expect(inspected.reply.segments.map((segment) => segment.type)).toEqual([
      'text',
      'text',
      'file',
      'text',
    ]);
    const { checkReply } = await import('../../src/reply/checkReply');
    const checked = await checkReply(JSON.stringify(reply));
    expect(checked).toMatchObject({
      status: 'completed',
      meta: { stage: 'post_guardrail' },
      findings: [{ rule: 'media-unreadable', path: '/segments/1' }],
    });
  });
});
