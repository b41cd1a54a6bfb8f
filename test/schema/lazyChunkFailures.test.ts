import { afterEach, describe, expect, it, vi } from 'vitest';
import { scripted } from '../reply/scriptedProvider';

// The custom-schema support and the JSON Schema validator are lazy chunks. A chunk that cannot be
// loaded (a network failure in a browser, a file missing from a deployment) refuses the schema
// with an issue before any model call; it never throws across the boundary.
afterEach(() => {
  vi.doUnmock('../../src/schema/prepareCustomSchema');
  vi.doUnmock('@cfworker/json-schema');
  vi.doUnmock('../../src/schema/compileBoundedPatterns');
  vi.resetModules();
});

const failedChunk = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};

describe('a lazy chunk that cannot be loaded', () => {
  it('the custom-schema support: prepareSchema refuses, and a turn ends before any model call', async () => {
    vi.resetModules();
    vi.doMock('../../src/schema/prepareCustomSchema', failedChunk);
    const { prepareSchema } = await import('../../src/schema/customSchema');
    const { enforceReply } = await import('../../src/reply/enforceReply');
    const issue = {
      code: 'INTERNAL',
      path: '',
      message: 'the custom schema support could not be loaded',
    };
    expect(await prepareSchema({ type: 'object' })).toEqual({ ok: false, issues: [issue] });
    const { provider, requests } = scripted(['{}']);
    const result = await enforceReply({
      provider,
      messages: [{ role: 'user', content: 'hi' }],
      schema: { type: 'object' },
    });
    expect(result).toMatchObject({ status: 'error', issues: [issue] });
    expect(requests).toHaveLength(0);
  });

  it('the JSON Schema validator: prepareSchema refuses a JSON Schema, a Standard Schema still works', async () => {
    vi.resetModules();
    vi.doMock('@cfworker/json-schema', failedChunk);
    const { prepareSchema } = await import('../../src/schema/customSchema');
    expect(await prepareSchema({ type: 'object' })).toEqual({
      ok: false,
      issues: [
        { code: 'INTERNAL', path: '', message: 'the JSON Schema validator could not be loaded' },
      ],
    });
    const standard = {
      '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
    };
    expect(await prepareSchema(standard)).toMatchObject({ ok: true });
  });

  it('the linear-time pattern engine: a schema with a pattern is refused, one without still works', async () => {
    vi.resetModules();
    vi.doMock('../../src/schema/compileBoundedPatterns', failedChunk);
    const { prepareSchema } = await import('../../src/schema/customSchema');
    expect(await prepareSchema({ properties: { a: { pattern: '^a' } } })).toEqual({
      ok: false,
      issues: [
        {
          code: 'INTERNAL',
          path: '',
          message: 'the linear-time pattern engine could not be loaded',
        },
      ],
    });
    expect(await prepareSchema({ properties: { a: { type: 'string' } } })).toMatchObject({
      ok: true,
    });
  });
});
