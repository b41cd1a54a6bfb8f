import h from '@satorijs/element';
import { describe, expect, it } from 'vitest';
import { satoriElements, satoriMessage } from '../../src/im/satori/index';
import { EVERY_TYPE, checked } from './completedReply';

/** Elements as plain data, for comparison. */
const plain = (elements: readonly h[]): unknown =>
  elements.map((element) => ({
    type: element.type,
    attrs: { ...element.attrs },
    children: plain(element.children),
  }));

describe('satoriElements', () => {
  it('maps every segment type to a Satori element', async () => {
    const result = await checked(EVERY_TYPE, ['10001000']);
    const elements = satoriElements(result, {
      localFile: (path) => `file://${path}`,
      fileSource: (id) => `https://files.example/${id}`,
    })!;
    expect(elements.map((element) => element.toString())).toEqual([
      'Result: ',
      '**done**',
      '<at id="10001000"/>',
      '<img src="https://example.com/1.jpg"/>',
      '<audio src="https://files.example/b1946ac92492d2347c6235b4d2611184.amr"/>',
      '<video src="file:///srv/media/clip.mp4"/>',
      '<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAE="/>',
      '<file src="https://example.com/report.pdf"/>',
      '<quote id="123456"/>',
      '<message id="fw-9" forward/>',
      '<face id="178"/>',
      '[dice]',
      '[rps]',
      '<a href="https://example.com/?a=1&amp;b=2">Shock, a title</a>',
    ]);
  });

  it('refuses paths and file ids without the host mapping, and mentions everyone only on opt-in', async () => {
    const result = await checked(
      [
        { type: 'video', data: { media: { kind: 'path', value: '/etc/passwd' } } },
        { type: 'audio', data: { media: { kind: 'file', value: 'abc.amr' } } },
        { type: 'mention', data: { target: 'all' } },
        { type: 'mention', data: { target: 'here' } },
      ],
      ['all', 'here'],
    );
    expect(satoriMessage(result)).toBe('[attachment unavailable][attachment unavailable]@all@here');
    expect(satoriMessage(result, { atAll: true })).toBe(
      '[attachment unavailable][attachment unavailable]<at type="all"/><at type="here"/>',
    );
  });

  it('reads back through @satorijs/element to the same elements, with or without a context', async () => {
    const result = await checked(EVERY_TYPE, ['10001000']);
    const elements = satoriElements(result)!;
    const message = satoriMessage(result)!;
    // Adjacent texts read back as one.
    const expected = plain(h.normalize(elements.map((element) => element.toString()).join('')));
    expect(plain(h.parse(message))).toEqual(expected);
    expect(plain(h.parse(message, { secret: 'x' }))).toEqual(expected);
  });

  it('keeps text that looks like elements, templates or entities text', async () => {
    const text = '<at id="all"/>{secret}{{1+1}}&lt;at type="all"/&gt;\n line';
    const result = await checked([{ type: 'text', data: { text: `${text}\n` } }]);
    expect(plain(satoriElements(result)!)).toEqual([
      { type: 'text', attrs: { content: `${text}\n` }, children: [] },
    ]);
    // The string form: the parser trims a line break at a text's edge (its template rule).
    const message = satoriMessage(result)!;
    for (const parsed of [h.parse(message), h.parse(message, { secret: 'LEAKED' })])
      expect(plain(parsed)).toEqual([{ type: 'text', attrs: { content: text }, children: [] }]);
  });
});
