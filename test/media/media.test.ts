import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64Media } from '../../src/media/base64Media';
import { inspectMedia } from '../../src/media/inspectMedia';
import { sniffMedia } from '../../src/media/sniffMedia';
import type { SegmentReply } from '../../src/segments/segmentCatalog';
import { sniffMediaReference } from './sniffMediaReference';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? Array.from(v, (c) => c.charCodeAt(0)) : [v])),
  );
const pad = (head: Uint8Array, size = 32) => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};
const toBase64 = (data: Uint8Array) => btoa(String.fromCharCode(...data));

export const SAMPLES: Record<string, Uint8Array> = {
  png: pad(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)),
  jpeg: pad(bytes(0xff, 0xd8, 0xff, 0xe0)),
  gif: pad(bytes('GIF89a')),
  webp: pad(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')),
  bmp: pad(bytes('BM')),
  mp3: pad(bytes('ID3', 4, 0)),
  'mp3-frame': pad(bytes(0xff, 0xfb, 0x90)),
  aac: pad(bytes(0xff, 0xf1, 0x50)),
  ogg: pad(bytes('OggS', 0)),
  wav: pad(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt ')),
  flac: pad(bytes('fLaC')),
  m4a: pad(bytes(0, 0, 0, 0x20, 'ftypM4A ')),
  mp4: pad(bytes(0, 0, 0, 0x20, 'ftypisom')),
  mov: pad(bytes(0, 0, 0, 0x14, 'ftypqt  ')),
  webm: pad(bytes(0x1a, 0x45, 0xdf, 0xa3)),
};

describe('sniffMedia', () => {
  it.each([
    ['png', 'png', 'image'],
    ['jpeg', 'jpeg', 'image'],
    ['gif', 'gif', 'image'],
    ['webp', 'webp', 'image'],
    ['bmp', 'bmp', 'image'],
    ['mp3', 'mp3', 'audio'],
    ['mp3-frame', 'mp3', 'audio'],
    ['aac', 'aac', 'audio'],
    ['ogg', 'ogg', 'audio'],
    ['wav', 'wav', 'audio'],
    ['flac', 'flac', 'audio'],
    ['m4a', 'm4a', 'audio'],
    ['mp4', 'mp4', 'video'],
    ['mov', 'mov', 'video'],
    ['webm', 'webm', 'video'],
  ])('knows %s', (sample, format, kind) => {
    const sniffed = sniffMedia(SAMPLES[sample]!);
    expect(sniffed?.format).toBe(format);
    expect(sniffed?.kinds).toContain(kind);
  });

  it('knows nothing of text or empty input', () => {
    expect(sniffMedia(bytes('hello world, not media'))).toBeUndefined();
    expect(sniffMedia(new Uint8Array())).toBeUndefined();
    expect(sniffMedia(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBeUndefined();
  });

  it('needs 14 bytes to call two letters BM a bitmap', () => {
    expect(sniffMedia(bytes('BM', ...Array(11).fill(0)))).toBeUndefined();
    expect(sniffMedia(bytes('BM', ...Array(12).fill(0)))?.format).toBe('bmp');
  });

  it('decides every second byte after 0xFF (AAC and MPEG frame sync) as the byte-by-byte sniffer did', () => {
    for (let b1 = 0; b1 < 256; b1++)
      expect(sniffMedia(bytes(0xff, b1, 0x90)), b1.toString(16)).toEqual(
        sniffMediaReference(bytes(0xff, b1, 0x90)),
      );
  });

  it('decides every ftyp brand and box as the byte-by-byte sniffer did', () => {
    for (const brand of [
      'M4A ',
      'M4B ',
      'M4P ',
      'F4A ',
      'F4B ',
      'M4V ',
      'M4A',
      'qt  ',
      'qt',
      'isom',
      'mp42',
      '',
    ]) {
      for (const box of ['ftyp', 'moov', 'mdat', 'wide', 'free']) {
        const sample = bytes(0, 0, 0, 0x20, box, brand);
        expect(sniffMedia(sample), `${box} ${brand}`).toEqual(sniffMediaReference(sample));
      }
    }
  });

  it('agrees with the byte-by-byte sniffer on random bytes near every signature (property)', () => {
    const near = fc
      .tuple(
        fc.constantFrom(...Object.values(SAMPLES)),
        fc.nat({ max: 40 }),
        fc.array(fc.tuple(fc.nat({ max: 15 }), fc.integer({ min: 0, max: 255 })), { maxLength: 2 }),
      )
      .map(([sample, length, changes]) => {
        const out = sample.slice(0, length);
        for (const [at, value] of changes) if (at < out.length) out[at] = value;
        return out;
      });
    const any = fc.uint8Array({ maxLength: 24 });
    fc.assert(
      fc.property(fc.oneof(near, any), (sample) => {
        expect(sniffMedia(sample)).toEqual(sniffMediaReference(sample));
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads only the first bytes of a long input', () => {
    const long = new Uint8Array(1_000_000);
    long.set(SAMPLES.png!);
    expect(sniffMedia(long)?.format).toBe('png');
  });
});

describe('base64Media', () => {
  it('sizes without decoding everything, bare or as a data URL', () => {
    const data = pad(SAMPLES.png!, 1000);
    const encoded = toBase64(data);
    expect(base64Media(encoded, 16)).toMatchObject({ ok: true, size: 1000 });
    const result = base64Media(`data:image/png;base64,${encoded}`, 16);
    expect(result.ok && result.head.length).toBe(18);
    expect(result.ok && Array.from(result.head.subarray(0, 8))).toEqual(
      Array.from(SAMPLES.png!.subarray(0, 8)),
    );
  });

  it('refuses what is not base64', () => {
    for (const bad of [
      '',
      'abc',
      '!!!!',
      'QUJD=A==',
      'data:image/png;base64,',
      'https://example.com/a.png',
    ]) {
      expect(base64Media(bad, 16)).toEqual({ ok: false, reason: 'invalid_base64' });
    }
  });
});

const reply = (type: string, media: object): SegmentReply => ({
  segments: [
    { type: 'text', data: { text: 'see' } },
    { type, data: { media } },
  ] as SegmentReply['segments'],
});

describe('inspectMedia', () => {
  it('passes media of the right type and size', async () => {
    const value = reply('image', { kind: 'base64', value: toBase64(SAMPLES.png!) });
    expect(await inspectMedia(value)).toEqual({ reply: value, findings: [] });
  });

  it.each([
    [
      'a mismatched type',
      reply('image', { kind: 'base64', value: toBase64(SAMPLES.mp3!) }),
      'media-type-mismatch',
    ],
    [
      'unknown bytes',
      reply('video', { kind: 'base64', value: toBase64(bytes('plain text pretending')) }),
      'media-type-mismatch',
    ],
    [
      'broken base64',
      reply('audio', { kind: 'base64', value: 'not base64!' }),
      'media-invalid-base64',
    ],
  ])('replaces %s with the notice and records why', async (_name, value, rule) => {
    const result = await inspectMedia(value);
    expect(result.reply.segments[1]).toEqual({
      type: 'text',
      data: { text: '[attachment unavailable]' },
    });
    expect(result.reply.segments[0]).toEqual(value.segments[0]);
    expect(result.findings).toEqual([{ code: 'MEDIA_UNAVAILABLE', rule, path: '/segments/1' }]);
  });

  it('enforces the per-type size limit on decoded bytes', async () => {
    const big = toBase64(pad(SAMPLES.png!, 3000));
    expect(
      (
        await inspectMedia(reply('image', { kind: 'base64', value: big }), {
          maxBytes: { image: 2999 },
        })
      ).findings[0]?.rule,
    ).toBe('media-too-large');
    expect(
      (
        await inspectMedia(reply('image', { kind: 'base64', value: big }), {
          maxBytes: { image: 3000 },
        })
      ).findings,
    ).toEqual([]);
  });

  it('reads url and path media through the host hook', async () => {
    const seen: string[] = [];
    const read = async (media: { value: string }) => {
      seen.push(media.value);
      if (media.value.endsWith('missing.png')) return undefined;
      if (media.value.endsWith('boom.png')) throw new Error('network down');
      return media.value.endsWith('song.png') ? SAMPLES.mp3 : SAMPLES.png;
    };
    const ok = reply('image', { kind: 'url', value: 'https://example.com/ok.png' });
    expect((await inspectMedia(ok, { read })).findings).toEqual([]);
    for (const [value, rule] of [
      ['missing.png', 'media-unreadable'],
      ['boom.png', 'media-unreadable'],
      ['song.png', 'media-type-mismatch'],
    ]) {
      const result = await inspectMedia(reply('image', { kind: 'path', value: `/srv/${value}` }), {
        read,
        unavailableText: 'gone',
      });
      expect(result.findings[0]?.rule).toBe(rule);
      expect(result.reply.segments[1]).toEqual({ type: 'text', data: { text: 'gone' } });
    }
    expect(seen).toHaveLength(4);
  });

  it('counts a read that hangs as unreadable, and aborts it', async () => {
    let aborted = false;
    const read = (_media: unknown, _type: unknown, { signal }: { signal: AbortSignal }) =>
      new Promise<Uint8Array>(() => signal.addEventListener('abort', () => (aborted = true)));
    const result = await inspectMedia(
      reply('image', { kind: 'url', value: 'https://slow.example/a.png' }),
      { read, readTimeoutMs: 30 },
    );
    expect(result.findings[0]?.rule).toBe('media-unreadable');
    expect(aborted).toBe(true);
  });

  it('passes url media through uninspected without a hook, and file references always', async () => {
    const url = reply('image', { kind: 'url', value: 'https://example.com/a.png' });
    expect((await inspectMedia(url)).findings).toEqual([]);
    const file = reply('video', { kind: 'file', value: 'file_abc' });
    expect(
      (
        await inspectMedia(file, {
          read: () => {
            throw new Error('never called');
          },
        })
      ).findings,
    ).toEqual([]);
  });

  it('checks only the size of file segments, not their type', async () => {
    const doc = reply('file', {
      kind: 'base64',
      value: toBase64(bytes('%PDF-1.7 some document body')),
    });
    expect((await inspectMedia(doc)).findings).toEqual([]);
    expect((await inspectMedia(doc, { maxBytes: { file: 4 } })).findings[0]?.rule).toBe(
      'media-too-large',
    );
  });
});
