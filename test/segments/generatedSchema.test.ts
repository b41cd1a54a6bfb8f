import { toJsonSchema } from '@valibot/to-json-schema';
import { expect, it } from 'vitest';
import { SegmentReplySchema } from '../../src/segments/segmentCatalog';
import { catalogNode } from '../../src/segments/catalogNode';
import { GENERATED_SEGMENT_JSON_SCHEMA } from '../../src/segments/segmentJsonSchema.generated';
import { SEGMENT_TABLE } from '../../src/segments/segmentTable.generated';

it('the generated JSON Schema is what @valibot/to-json-schema makes of the catalog now (run scripts/generate-schema.mjs)', () => {
  expect(GENERATED_SEGMENT_JSON_SCHEMA).toEqual(
    toJsonSchema(SegmentReplySchema, { target: 'draft-2020-12' }),
  );
});

it('the generated table is what catalogNode makes of the catalog now (run scripts/generate-schema.mjs)', () => {
  expect(SEGMENT_TABLE).toEqual(catalogNode(SegmentReplySchema));
});
