import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ReplyResult } from '../../src/results/replyResult';
import { enforceReply } from '../../src/reply/enforceReply';
import { prepareSchema } from '../../src/schema/customSchema';
import { scripted } from './scriptedProvider';

const user = [{ role: 'user' as const, content: 'the invoice' }];
const invoice = {
  type: 'object',
  properties: { total: { type: 'number' } },
  required: ['total'],
  additionalProperties: false,
};

async function prepared(schema: unknown) {
  const result = await prepareSchema(schema);
  if (!result.ok) throw new Error('the test schema does not compile');
  return result.schema;
}

describe('a turn given a prepared schema', () => {
  it('checks with it as it is, sends its JSON Schema and corrects against it', async () => {
    const schema = await prepared(invoice);
    const validate = vi.fn(schema.validate);
    const { provider, requests } = scripted(['{"total": "12"}', '{"total": 12}']);
    const result = await enforceReply({
      provider,
      messages: user,
      preparedSchema: { ...schema, validate },
      name: 'invoice',
    });
    expect(result).toMatchObject({
      status: 'completed',
      value: { total: 12 },
      meta: { attempts: 2, schemaName: 'invoice' },
    });
    // Not the IM preset's result type: the value is the custom schema's.
    expectTypeOf(result).toEqualTypeOf<ReplyResult<unknown>>();
    expect(validate).toHaveBeenCalledTimes(2);
    expect(requests.map((request) => request.schema)).toEqual([
      { name: 'invoice', jsonSchema: invoice },
      { name: 'invoice', jsonSchema: invoice },
    ]);
  });

  it('comes before schema and schemaRef, and nothing is prepared again', async () => {
    const schema = await prepared(invoice);
    const registry = vi.fn(() => ({ type: 'string' }));
    const { provider } = scripted(['{"total": 3}']);
    const result = await enforceReply({
      provider,
      messages: user,
      preparedSchema: schema,
      schema: { type: 'string' },
      schemaRef: 'other',
      registry,
    });
    expect(result).toMatchObject({ status: 'completed', value: { total: 3 } });
    expect(registry).not.toHaveBeenCalled();
  });

  it('refuses what it refuses, like the schema it was prepared from', async () => {
    const { provider } = scripted(['{"total": "3"}'], 'prompt_only');
    const result = await enforceReply({
      provider,
      messages: user,
      preparedSchema: await prepared(invoice),
      maxRetries: 0,
    });
    expect(result).toMatchObject({ status: 'validation_failed', meta: { attempts: 1 } });
    expect(result.issues[0]?.path).toBe('/total');
  });
});
