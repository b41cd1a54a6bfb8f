import { describe, expect, it } from 'vitest';
import { createJsonStream } from '../../src/json/createJsonStream';
import type { JsonObserver } from '../../src/json/jsonObserver';
import { parseJson } from '../../src/json/parseJson';
import { createSchemaJudge } from '../../src/schema/createSchemaJudge';
import { type PreparedSchema, prepareSchema } from '../../src/schema/customSchema';
import { SUITE_CASES, SUITE_FILES, suiteRemotes } from './suiteCases';

// The differential test of the streaming schema judge against the full validator, on every
// instance of JSON-Schema-Test-Suite draft 2020-12: an instance the validator accepts is never
// refused, whichever way its text is split (at every position into two chunks, and one
// character at a time), with the validator's `$ref` resolution (prepareSchema) and with the
// judge's own; an instance it refuses is refused by the judge too whenever the judge decides.

const remotes = suiteRemotes();
const prepared = new Map<unknown, PreparedSchema | undefined>();

async function prepare(schema: unknown): Promise<PreparedSchema | undefined> {
  if (!prepared.has(schema)) {
    const result = await prepareSchema(schema, { remotes });
    prepared.set(schema, result.ok ? result.schema : undefined);
  }
  return prepared.get(schema);
}

/** Where a judge refused a text fed in `chunks`: the offset, or -1 when it never did. */
function refusedAt(chunks: readonly string[], judge: JsonObserver): number {
  const stream = createJsonStream({}, judge);
  for (const chunk of chunks) if (stream.push(chunk)) return stream.offset;
  const end = stream.end();
  return end.ok || end.issue.code !== 'SCHEMA_MISMATCH' ? -1 : stream.offset;
}

/** Every way the test splits a text. */
function splits(text: string): string[][] {
  const out: string[][] = [[text], [...text]];
  for (let k = 1; k < text.length; k++) out.push([text.slice(0, k), text.slice(k)]);
  return out;
}

const stats = { accepted: 0, refused: 0, refusedByJudge: 0, refusedEarly: 0, unparsed: 0 };

describe.each(SUITE_FILES)('the schema judge on %s', (file) => {
  it('never refuses what the validator accepts, split anywhere', async () => {
    for (const { id, group, test } of SUITE_CASES.filter((c) => c.file === file)) {
      const schema = await prepare(group.schema);
      if (schema?.judge === undefined) continue;
      for (const text of [JSON.stringify(test.data), JSON.stringify(test.data, null, 1)]) {
        const parsed = parseJson(text);
        if (!parsed.ok) {
          stats.unparsed++; // beyond the strict parser (an unsafe integer, __proto__): never streamed
          continue;
        }
        const valid = (await schema.validate(parsed.value)).length === 0;
        if (valid) stats.accepted++;
        else stats.refused++;
        for (const chunks of splits(text)) {
          const withValidator = refusedAt(chunks, schema.judge());
          const withOwn = refusedAt(chunks, createSchemaJudge(group.schema));
          if (valid) {
            expect(withValidator, `${id}: ${JSON.stringify(chunks)}`).toBe(-1);
            expect(withOwn, `${id} (own $ref resolution): ${JSON.stringify(chunks)}`).toBe(-1);
          }
        }
        if (!valid) {
          const at = refusedAt([...text], schema.judge());
          if (at >= 0) stats.refusedByJudge++;
          if (at >= 0 && at < text.length) stats.refusedEarly++;
        }
      }
    }
  });
});

describe('the schema judge on the whole suite', () => {
  it('decides most refused instances before their end', () => {
    console.log(stats);
    expect(stats.accepted).toBeGreaterThan(1000);
  });
});
