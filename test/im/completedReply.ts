import { checkReply } from '../../src/index';
import type { Segment } from '../../src/segments/segmentCatalog';

/** A reply checked by `checkReply`, as a host would hand it to a delivery adapter. */
export async function checked(segments: readonly Segment[], allowed: readonly string[] = []) {
  return checkReply(JSON.stringify({ segments }), { mentions: { allowed } });
}

/** One segment of every type the catalog has, every media kind once. */
export const EVERY_TYPE: readonly Segment[] = [
  { type: 'text', data: { text: 'Result: ' } },
  { type: 'markdown', data: { content: '**done**' } },
  { type: 'mention', data: { target: '10001000' } },
  { type: 'image', data: { media: { kind: 'url', value: 'https://example.com/1.jpg' } } },
  {
    type: 'audio',
    data: { media: { kind: 'file', value: 'b1946ac92492d2347c6235b4d2611184.amr' } },
  },
  { type: 'video', data: { media: { kind: 'path', value: '/srv/media/clip.mp4' } } },
  {
    type: 'image',
    data: {
      media: { kind: 'base64', value: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAE=' },
    },
  },
  { type: 'file', data: { media: { kind: 'url', value: 'https://example.com/report.pdf' } } },
  { type: 'reply', data: { message_id: '123456' } },
  { type: 'forward', data: { forward_id: 'fw-9' } },
  { type: 'face', data: { id: 178 } },
  { type: 'dice', data: {} },
  { type: 'rps', data: {} },
  { type: 'share', data: { url: 'https://example.com/?a=1&b=2', title: 'Shock, a title' } },
];
