import { describe, expect, it } from 'vitest';
import { readBody } from '../../src/worker/http/readBody';
import { settleRequestBody } from '../../src/worker/http/settleRequestBody';
import { createHandler } from '../../src/worker/index';

const encoder = new TextEncoder();

/**
 * A byte stream over `bytes`, as workerd's request bodies are: it fills the view a BYOB reader
 * offers (counting the views), and hands a default reader `chunk`-byte pieces.
 */
function byteBody(bytes: Uint8Array, chunk = 4096) {
  const seen = { pulls: 0, views: [] as number[], delivered: 0 };
  const stream = new ReadableStream({
    type: 'bytes',
    pull(controller) {
      seen.pulls++;
      if (seen.delivered === bytes.byteLength) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      const request = controller.byobRequest;
      if (request?.view) {
        const view = new Uint8Array(
          request.view.buffer,
          request.view.byteOffset,
          request.view.byteLength,
        );
        seen.views.push(view.byteLength);
        const part = bytes.subarray(seen.delivered, seen.delivered + view.byteLength);
        view.set(part);
        seen.delivered += part.byteLength;
        request.respond(part.byteLength);
      } else {
        const part = bytes.slice(seen.delivered, seen.delivered + chunk);
        seen.delivered += part.byteLength;
        controller.enqueue(part);
      }
    },
  });
  return { stream, seen };
}

/** A stream that is not a byte stream (a host's own), in `chunk`-byte pieces. */
function plainBody(bytes: Uint8Array, chunk: number) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

const requestOf = (body: ReadableStream, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/v1/check', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

// Multi-byte characters everywhere, so pieces end inside characters.
const text = 'café — 日本語 ✓ naïve 🙂 '.repeat(12_000);
const bytes = encoder.encode(text);

describe('readBody', () => {
  it('reads a byte stream in place, into one buffer sized by Content-Length', async () => {
    const { stream, seen } = byteBody(bytes);
    const read = await readBody(
      requestOf(stream, { 'content-length': String(bytes.byteLength) }),
      bytes.byteLength,
    );
    expect(read).toEqual({ ok: true, text });
    // One view for the whole body (one byte over, to see its end), then the end itself: not one
    // read per 4 KiB chunk (the 4 KiB reads of workerd's bodies were 65 reads at 256 KiB).
    expect(seen.views[0]).toBe(bytes.byteLength + 1);
    expect(seen.pulls).toBeLessThanOrEqual(3);
  });

  it('grows its buffer for a body that declares no length, or less than it sends', async () => {
    const declared: Record<string, string>[] = [
      {},
      { 'content-length': '10' },
      { 'content-length': '-3' },
    ];
    for (const headers of declared) {
      const { stream, seen } = byteBody(bytes);
      const read = await readBody(requestOf(stream, headers), 1_000_000);
      expect(read, JSON.stringify(headers)).toEqual({ ok: true, text });
      expect(seen.views.length).toBeLessThan(12);
    }
    expect(
      await readBody(requestOf(byteBody(bytes).stream, { 'content-length': '1.5' }), 1_000_000),
    ).toEqual({
      ok: true,
      text,
    });
  });

  it('reads a stream that is not a byte stream chunk by chunk, to the same text', async () => {
    for (const chunk of [1, 7, 4096, 100_000]) {
      const small = encoder.encode(text.slice(0, 3000));
      const body = chunk === 1 ? small : bytes;
      const read = await readBody(requestOf(plainBody(body, chunk)), 1_000_000);
      expect(read, String(chunk)).toEqual({
        ok: true,
        text: chunk === 1 ? text.slice(0, 3000) : text,
      });
    }
  });

  it('refuses a body one byte over the limit, on either kind of stream', async () => {
    const limit = bytes.byteLength - 1;
    for (const body of [byteBody(bytes).stream, plainBody(bytes, 4096)])
      expect(await readBody(requestOf(body), limit)).toMatchObject({ ok: false, status: 413 });
    for (const body of [byteBody(bytes).stream, plainBody(bytes, 4096)])
      expect(await readBody(requestOf(body), bytes.byteLength)).toEqual({ ok: true, text });
  });

  it('refuses bytes that are not UTF-8, on either kind of stream', async () => {
    const broken = new Uint8Array([
      ...encoder.encode('{"a":"'),
      0xc3,
      0x28,
      ...encoder.encode('"}'),
    ]);
    for (const body of [byteBody(broken).stream, plainBody(broken, 3)])
      expect(await readBody(requestOf(body), 1000)).toMatchObject({ ok: false, status: 400 });
  });

  it('cuts a byte stream off past the limit and drains the rest after the answer', async () => {
    const { stream, seen } = byteBody(bytes, 4096);
    const request = requestOf(stream);
    const read = await readBody(request, 10_000);
    expect(read).toMatchObject({ ok: false, status: 413 });
    // Not held: no more than the limit and one buffer's growth was read before refusing.
    expect(seen.delivered).toBeLessThan(70_000);
    const settled = await settleRequestBody(request, new Response('refused'));
    expect(await settled.text()).toBe('refused');
    expect(seen.delivered).toBe(bytes.byteLength);
  });

  it('answers a check sent as a byte stream, as the Worker receives it', async () => {
    const reply = JSON.stringify({ segments: [{ type: 'text', data: { text: 'café 日本語' } }] });
    const { stream, seen } = byteBody(encoder.encode(reply));
    const response = await createHandler().fetch(
      requestOf(stream, { 'content-length': String(encoder.encode(reply).byteLength) }),
    );
    expect(response.status).toBe(200);
    const result = (await response.json()) as { value: unknown };
    expect(result.value).toEqual(JSON.parse(reply));
    expect(seen.views.length).toBe(1);
  });
});
