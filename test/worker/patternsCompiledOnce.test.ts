import { describe, expect, it, vi } from 'vitest';
import * as patternsModule from '../../src/schema/compileBoundedPatterns';
import { createHandler } from '../../src/worker/index';
import { scripted } from '../reply/scriptedProvider';

// A client schema's patterns are compiled once per turn, for the judge and the validator alike,
// corrections included.
vi.mock('../../src/schema/compileBoundedPatterns', async (original) => {
  const actual = await original<typeof import('../../src/schema/compileBoundedPatterns')>();
  return { ...actual, compileBoundedPatterns: vi.fn(actual.compileBoundedPatterns) };
});

const schema = {
  type: 'object',
  properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
  patternProperties: { '^x-': { type: 'string' } },
  required: ['code'],
};

describe('a client schema with patterns', () => {
  it('compiles them once per turn, corrections included, whole and streamed', async () => {
    const compile = vi.mocked(patternsModule.compileBoundedPatterns);
    for (const stream of [false, true]) {
      compile.mockClear();
      const { provider, requests } = scripted(['{"code": "abc"}', '{"code": "ABC", "x-a": "1"}']);
      const response = await createHandler({ provider }).fetch(
        new Request('http://127.0.0.1:8787/v1/chat/completions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'm',
            stream,
            messages: [{ role: 'user', content: 'hi' }],
            response_format: { type: 'json_schema', json_schema: { name: 'r', schema } },
          }),
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('ABC');
      expect(requests).toHaveLength(2);
      expect(compile).toHaveBeenCalledTimes(1);
      expect(compile.mock.calls[0]![0].map((site) => site.path).sort()).toEqual([
        '/patternProperties/^x-',
        '/properties/code/pattern',
      ]);
    }
  });
});
