import { describe, expect, it } from 'vitest';
import { escapeCqText, escapeCqValue, parseCqMessage, unescapeCq } from '../../src/im/index';

// The examples of OneBot v11's "string format" chapter (message/string.md) and its segment
// chapter (message/segment.md), read by our parser as the spec says they read.
describe('parseCqMessage', () => {
  it('reads the spec examples', () => {
    expect(parseCqMessage('[CQ:face,id=178]看看我刚拍的照片[CQ:image,file=123.jpg]')).toEqual([
      { type: 'face', data: { id: '178' } },
      { type: 'text', data: { text: '看看我刚拍的照片' } },
      { type: 'image', data: { file: '123.jpg' } },
    ]);
    expect(parseCqMessage('[CQ:shake]')).toEqual([{ type: 'shake', data: {} }]);
    expect(parseCqMessage('[CQ:share,title=标题,url=http://baidu.com]')).toEqual([
      { type: 'share', data: { title: '标题', url: 'http://baidu.com' } },
    ]);
    // A value keeps every `=` after the name's first.
    expect(parseCqMessage('[CQ:share,title=标题中有=等号,url=http://baidu.com]')).toEqual([
      { type: 'share', data: { title: '标题中有=等号', url: 'http://baidu.com' } },
    ]);
    expect(
      parseCqMessage(
        '[CQ:share,title=震惊&#44;小伙睡觉前居然...,url=http://baidu.com/?a=1&amp;b=2]',
      ),
    ).toEqual([
      {
        type: 'share',
        data: { title: '震惊,小伙睡觉前居然...', url: 'http://baidu.com/?a=1&b=2' },
      },
    ]);
    expect(parseCqMessage('- &#91;x&#93; 使用 `&amp;data` 获取地址')).toEqual([
      { type: 'text', data: { text: '- [x] 使用 `&data` 获取地址' } },
    ]);
    expect(parseCqMessage('[CQ:at,qq=all]')).toEqual([{ type: 'at', data: { qq: 'all' } }]);
    expect(
      parseCqMessage(
        '[CQ:node,user_id=10001000,nickname=某人,content=&#91;CQ:face&#44;id=123&#93;哈喽～]',
      ),
    ).toEqual([
      {
        type: 'node',
        data: { user_id: '10001000', nickname: '某人', content: '[CQ:face,id=123]哈喽～' },
      },
    ]);
  });

  it('reads text that only looks like a code as text, and never throws', () => {
    expect(parseCqMessage('')).toEqual([]);
    expect(parseCqMessage('[CQ:at,qq=all')).toEqual([
      { type: 'text', data: { text: '[CQ:at,qq=all' } },
    ]);
    expect(parseCqMessage('[cq:at,qq=all]')).toEqual([
      { type: 'text', data: { text: '[cq:at,qq=all]' } },
    ]);
    expect(parseCqMessage('a]b[CQ:x]')).toEqual([
      { type: 'text', data: { text: 'a]b' } },
      { type: 'x', data: {} },
    ]);
  });

  it('keeps a parameter named __proto__ an own property', () => {
    const [segment] = parseCqMessage('[CQ:x,__proto__=1,a]');
    expect(Object.getPrototypeOf(segment!.data)).toBe(Object.prototype);
    expect(Object.keys(segment!.data)).toEqual(['__proto__', 'a']);
    expect(segment!.data.a).toBe('');
  });

  it('reads a megabyte of unclosed codes and brackets in one pass', () => {
    const text = '[CQ:'.repeat(1 << 18);
    expect(parseCqMessage(text)).toEqual([{ type: 'text', data: { text } }]);
    const brackets = '[CQ:a]'.repeat(1 << 16);
    expect(parseCqMessage(brackets)).toHaveLength(1 << 16);
  });
});

describe('CQ escaping', () => {
  it('escapes text and values as the spec tables say, and unescapes in one pass', () => {
    expect(escapeCqText('- [x] 使用 `&data` 获取地址')).toBe(
      '- &#91;x&#93; 使用 `&amp;data` 获取地址',
    );
    expect(escapeCqValue('震惊,小伙睡觉前居然...')).toBe('震惊&#44;小伙睡觉前居然...');
    expect(escapeCqText('a,b')).toBe('a,b');
    expect(unescapeCq('&amp;#91;')).toBe('&#91;');
    expect(unescapeCq(escapeCqValue('&#91;,[&]'))).toBe('&#91;,[&]');
  });
});
