import { describe, expect, it } from 'vitest';
import { DEFAULT_FAILURE_NOTICE, checkReply } from '../../src/index';
import { cqMessage, oneBotMessage, parseCqMessage } from '../../src/im/index';
import type { InterruptedReply } from '../../src/results/replyResult';
import { EVERY_TYPE, checked } from './completedReply';

describe('oneBotMessage', () => {
  it('maps every segment type to its OneBot v11 segment', async () => {
    const result = await checked(EVERY_TYPE, ['10001000']);
    expect(result.status).toBe('completed');
    const message = oneBotMessage(result, {
      localFile: (path) => (path.startsWith('/srv/media/') ? `file://${path}` : undefined),
    });
    expect(message).toEqual([
      { type: 'text', data: { text: 'Result: ' } },
      { type: 'text', data: { text: '**done**' } },
      { type: 'at', data: { qq: '10001000' } },
      { type: 'image', data: { file: 'https://example.com/1.jpg' } },
      { type: 'record', data: { file: 'b1946ac92492d2347c6235b4d2611184.amr' } },
      { type: 'video', data: { file: 'file:///srv/media/clip.mp4' } },
      { type: 'image', data: { file: 'base64://iVBORw0KGgoAAAANSUhEUgAAAAE=' } },
      { type: 'file', data: { file: 'https://example.com/report.pdf' } },
      { type: 'reply', data: { id: '123456' } },
      { type: 'forward', data: { id: 'fw-9' } },
      { type: 'face', data: { id: '178' } },
      { type: 'dice', data: {} },
      { type: 'rps', data: {} },
      { type: 'share', data: { url: 'https://example.com/?a=1&b=2', title: 'Shock, a title' } },
    ]);
  });

  it('sends Markdown as a markdown segment only when asked', async () => {
    const result = await checked([{ type: 'markdown', data: { content: '# Hi' } }]);
    expect(oneBotMessage(result)).toEqual([{ type: 'text', data: { text: '# Hi' } }]);
    expect(oneBotMessage(result, { markdown: 'segment' })).toEqual([
      { type: 'markdown', data: { content: '# Hi' } },
    ]);
  });

  it('delivers the host notice for a refused reply, and nothing for an interrupted turn', async () => {
    const refused = await checkReply('```json\n{"segments":[]}\n```');
    expect(refused.status).toBe('validation_failed');
    expect(oneBotMessage(refused)).toEqual([
      { type: 'text', data: { text: DEFAULT_FAILURE_NOTICE } },
    ]);
    const interrupted: InterruptedReply = {
      status: 'interrupted',
      issues: refused.issues,
      findings: [],
      usage: refused.usage,
      meta: refused.meta,
    };
    expect(oneBotMessage(interrupted)).toBeUndefined();
    expect(cqMessage(interrupted)).toBeUndefined();
    // "No reply is needed" is an empty message, not nothing.
    expect(oneBotMessage(await checked([]))).toEqual([]);
  });

  it('never renders a value that is not a segment reply, even one marked completed', () => {
    const forged = {
      status: 'completed',
      value: { segments: [{ type: 'at', data: { qq: 'all' } }] },
      issues: [],
      findings: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      meta: {
        attempts: 1,
        stage: 'model',
        enforcement: 'prompt_only',
        schemaName: 's',
        durationMs: 0,
      },
    } as never;
    expect(oneBotMessage(forged)).toBeUndefined();
  });

  it('mentions everyone only when the host opts in', async () => {
    for (const target of ['all', 'ALL', '@all', 'here', 'everyone', ' all ']) {
      const result = await checked([{ type: 'mention', data: { target } }], [target]);
      expect(result.status, target).toBe('completed');
      expect(oneBotMessage(result), target).toEqual([
        { type: 'text', data: { text: `@${target}` } },
      ]);
      expect(oneBotMessage(result, { atAll: true }), target).toEqual([
        { type: 'at', data: { qq: 'all' } },
      ]);
    }
  });

  it('refuses media it cannot reference safely, with the unavailable text', async () => {
    const unsafe = [
      { kind: 'url', value: 'file:///etc/passwd' },
      { kind: 'url', value: 'base64://AAAA' },
      { kind: 'url', value: 'javascript:alert(1)' },
      { kind: 'url', value: 'https://' },
      { kind: 'path', value: '/etc/passwd' },
      { kind: 'file', value: 'file:///etc/passwd' },
      { kind: 'file', value: 'https://evil.example/x.png' },
      { kind: 'file', value: 'base64://AAAA' },
      { kind: 'file', value: '../../etc/passwd' },
      { kind: 'file', value: '/etc/passwd' },
      { kind: 'file', value: 'C:\\Windows\\win.ini' },
      { kind: 'file', value: '' },
    ] as const;
    for (const media of unsafe) {
      const result = await checked([{ type: 'file', data: { media } }]);
      expect(result.status, media.value).toBe('completed');
      expect(oneBotMessage(result), media.value).toEqual([
        { type: 'text', data: { text: '[attachment unavailable]' } },
      ]);
      expect(oneBotMessage(result, { unavailableText: '(no file)' })).toEqual([
        { type: 'text', data: { text: '(no file)' } },
      ]);
    }
    // A path goes through the host's mapping, which may refuse it.
    const path = await checked([
      { type: 'image', data: { media: { kind: 'path', value: 'a.png' } } },
    ]);
    expect(oneBotMessage(path, { localFile: () => undefined })).toEqual([
      { type: 'text', data: { text: '[attachment unavailable]' } },
    ]);
    expect(oneBotMessage(path, { localFile: (p, type) => `file:///media/${type}/${p}` })).toEqual([
      { type: 'image', data: { file: 'file:///media/image/a.png' } },
    ]);
  });

  it('sends a share whose URL is not http(s) as text', async () => {
    const result = await checked([
      { type: 'share', data: { url: 'javascript:alert(1)', title: 'Click' } },
    ]);
    expect(oneBotMessage(result)).toEqual([
      { type: 'text', data: { text: 'Click javascript:alert(1)' } },
    ]);
  });
});

describe('cqMessage', () => {
  it('writes the CQ-code string form with text and values escaped', async () => {
    const result = await checked(EVERY_TYPE, ['10001000']);
    expect(cqMessage(result)).toBe(
      'Result: **done**[CQ:at,qq=10001000][CQ:image,file=https://example.com/1.jpg]' +
        '[CQ:record,file=b1946ac92492d2347c6235b4d2611184.amr]&#91;attachment unavailable&#93;' +
        '[CQ:image,file=base64://iVBORw0KGgoAAAANSUhEUgAAAAE=]' +
        '[CQ:file,file=https://example.com/report.pdf][CQ:reply,id=123456][CQ:forward,id=fw-9]' +
        '[CQ:face,id=178][CQ:dice][CQ:rps]' +
        '[CQ:share,url=https://example.com/?a=1&amp;b=2,title=Shock&#44; a title]',
    );
  });

  it('reads back through a CQ-code parser to the same segments', async () => {
    const result = await checked(EVERY_TYPE, ['10001000']);
    const message = oneBotMessage(result)!;
    // Adjacent text segments read back as one: the string form has no boundary between them.
    const merged = message.reduce<typeof message>((out, segment) => {
      const last = out[out.length - 1];
      if (last?.type === 'text' && segment.type === 'text')
        out[out.length - 1] = { type: 'text', data: { text: last.data.text + segment.data.text } };
      else out.push(segment);
      return out;
    }, []);
    expect(parseCqMessage(cqMessage(result)!)).toEqual(merged);
  });
});
