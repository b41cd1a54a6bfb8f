import h from '@satorijs/element';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cqMessage, oneBotMessage, parseCqMessage } from '../../src/im/index';
import { satoriElements, satoriMessage } from '../../src/im/satori/index';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { checked } from './completedReply';

// Pieces a model (or a prompt injection through it) writes to turn text into a mention or a
// segment on the platform: CQ codes, Satori tags, their escaped forms, templates, bidi controls.
const PIECES = [
  '[CQ:at,qq=all]',
  '[CQ:image,file=file:///etc/passwd]',
  '[CQ:',
  ']',
  '[',
  ',',
  '=',
  '&',
  '&#91;',
  '&#93;',
  '&#44;',
  '&amp;',
  '<at id="all"/>',
  '<at type="all"/>',
  '</message>',
  '<img src="file:///etc/passwd"/>',
  '&lt;',
  '&#60;',
  '"',
  "'",
  '{',
  '}',
  '{secret}',
  '{@if 1}x{/if}',
  '<!--',
  '-->',
  '\u202e',
  '\u2066',
  'text',
  ' ',
  '群',
];
const hostile = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 12 })
  .map((parts) => parts.join(''));

/** The delivered text of a one-text-segment reply. */
const deliveredText = (value: SegmentReply): string =>
  (value.segments[0]?.data as { text: string } | undefined)?.text ?? '';

describe('hostile text stays text on every platform form', () => {
  it('through the OneBot array, the CQ-code string and its parser, and Satori elements', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        const result = await checked([{ type: 'text', data: { text } }]);
        if (result.status !== 'completed') return; // refused replies deliver the host notice
        const shown = deliveredText(result.value);
        if (shown === '') return;
        expect(oneBotMessage(result)).toEqual([{ type: 'text', data: { text: shown } }]);
        expect(parseCqMessage(cqMessage(result)!)).toEqual([
          { type: 'text', data: { text: shown } },
        ]);
        expect(
          satoriElements(result)!.map((element) => [element.type, element.attrs.content]),
        ).toEqual([['text', shown]]);
        for (const parsed of [
          h.parse(satoriMessage(result)!),
          h.parse(satoriMessage(result)!, { secret: 'LEAK' }),
        ]) {
          expect(parsed.map((element) => element.type)).toEqual(['text']);
          expect(parsed[0]!.attrs.content).toBe(shown);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('as mention targets and ids: one parameter, one attribute, never @everyone', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (target) => {
        if (target.trim() === '') return;
        const result = await checked(
          [
            { type: 'mention', data: { target } },
            { type: 'reply', data: { message_id: target } },
          ],
          [target],
        );
        if (result.status !== 'completed') return;
        const kept = (result.value.segments[0]!.data as { target: string }).target;
        const read = parseCqMessage(cqMessage(result)!);
        expect(
          read.filter((segment) => segment.type === 'at' && segment.data.qq === 'all'),
        ).toEqual([]);
        expect(read.at(-1)).toEqual({
          type: 'reply',
          data: { id: (result.value.segments[1]!.data as { message_id: string }).message_id },
        });
        const elements = h.parse(satoriMessage(result)!, { secret: 'LEAK' });
        expect(
          elements.filter(
            (element) =>
              element.type === 'at' && (element.attrs.type || element.attrs.id === 'all'),
          ),
        ).toEqual([]);
        if (read[0]!.type === 'at') expect(read[0]!.data).toEqual({ qq: kept });
        expect(elements.at(-1)!.type).toBe('quote');
      }),
      { numRuns: 300 },
    );
  });
});
