import { describe, expect, it, vi } from 'vitest';
import * as prepareModule from '../../src/schema/prepareCustomSchema';
import { type HandlerConfig, createHandler } from '../../src/worker/index';
import { scripted } from '../reply/scriptedProvider';

// Counts the compilations of a client schema: the route's check prepares it, and the turn uses
// that preparation instead of compiling it again.
vi.mock('../../src/schema/prepareCustomSchema', async (original) => {
  const actual = await original<typeof import('../../src/schema/prepareCustomSchema')>();
  return { prepareCustomSchema: vi.fn(actual.prepareCustomSchema) };
});

const invoice = {
  type: 'object',
  properties: { total: { type: 'number' } },
  required: ['total'],
  additionalProperties: false,
};
const format = { name: 'invoice', schema: invoice };
const routes = [
  {
    path: '/v1/chat/completions',
    body: {
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_schema', json_schema: format },
    },
  },
  {
    path: '/v1/responses',
    body: { input: 'hi', text: { format: { type: 'json_schema', ...format } } },
  },
  {
    path: '/v1/messages',
    body: {
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
      output_config: { format: { type: 'json_schema', schema: invoice } },
    },
  },
];

describe('a client json_schema', () => {
  it.each(routes)('is compiled once per turn on $path, corrections included', async (route) => {
    const compile = vi.mocked(prepareModule.prepareCustomSchema);
    for (const stream of [false, true]) {
      compile.mockClear();
      const { provider, requests } = scripted(['{"total": "1"}', '{"total": 1}']);
      const config: HandlerConfig = { provider };
      const response = await createHandler(config).fetch(
        new Request(`http://127.0.0.1:8787${route.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
          body: JSON.stringify({ model: 'm', ...route.body, stream }),
        }),
      );
      expect(response.status).toBe(200);
      await response.text();
      expect(requests).toHaveLength(2);
      expect(requests[0]?.schema?.jsonSchema).toEqual(invoice);
      expect(compile).toHaveBeenCalledTimes(1);
    }
  });
});
