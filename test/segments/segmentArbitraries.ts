import fc from 'fast-check';
import type { GenericSchema } from 'valibot';
import { MEDIA_KINDS, SEGMENT_TYPES, SegmentReplySchema } from '../../src/segments/segmentCatalog';

type Node = GenericSchema & {
  readonly entries?: Record<string, Node>;
  readonly options?: readonly (Node | string | number)[];
  readonly item?: Node;
  readonly literal?: unknown;
};

/** Builds an arbitrary of the values a valibot schema (the catalog's subset) accepts, keys in random order. */
function validOf(node: Node): fc.Arbitrary<unknown> {
  switch (node.type) {
    case 'string':
      return fc.string({ maxLength: 12, unit: 'binary' });
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'literal':
      return fc.constant(node.literal);
    case 'picklist':
      return fc.constantFrom(...(node.options as (string | number)[]));
    case 'union':
    case 'variant':
      return fc.oneof(...(node.options as Node[]).map(validOf));
    case 'array':
      return fc.array(validOf(node.item!), { maxLength: 6 });
    case 'strict_object': {
      const keys = Object.keys(node.entries!);
      const record = fc.record(
        Object.fromEntries(keys.map((key) => [key, validOf(node.entries![key]!)])),
      );
      const order = fc.shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length });
      return fc
        .tuple(record, order)
        .map(([value, keyOrder]) =>
          Object.fromEntries(keyOrder.map((key) => [key, (value as Record<string, unknown>)[key]])),
        );
    }
    default:
      throw new Error(`no arbitrary for valibot "${node.type}"`);
  }
}

/** Replies the catalog accepts: every type, fields in any order (data before type too). */
export const validReply = validOf(SegmentReplySchema) as fc.Arbitrary<{
  segments: Record<string, unknown>[];
}>;

// Values near the catalog: right and wrong types, known and unknown fields and tags. No array
// ever sits where an object belongs (valibot takes `[]` for an object; replyguard does not).
const scalar = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.double(),
);
const media = fc.record(
  { kind: fc.oneof(fc.constantFrom(...MEDIA_KINDS), scalar), value: fc.oneof(fc.string(), scalar) },
  { requiredKeys: [] },
);
const data = fc.dictionary(
  fc.constantFrom(
    'text',
    'content',
    'target',
    'media',
    'message_id',
    'forward_id',
    'id',
    'url',
    'title',
    'extra',
  ),
  fc.oneof(scalar, media),
  { maxKeys: 3 },
);
const segment = fc.oneof(
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...SEGMENT_TYPES), fc.string({ maxLength: 5 })),
      data,
      extra: scalar,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ data, type: fc.constantFrom(...SEGMENT_TYPES) }, { requiredKeys: [] }),
  scalar,
);

/** Values near the catalog, most of them invalid in one or more ways. */
export const nearReply = fc.oneof(
  fc.record({ segments: fc.array(segment, { maxLength: 4 }) }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.array(segment, { maxLength: 2 }), { maxKeys: 2 }),
  scalar,
);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Names a mutation may use: the catalog's own (a field of another type, another type's name) are
// the mistakes only a schema-aware check can see.
const CATALOG_NAMES = [
  ...SEGMENT_TYPES,
  ...MEDIA_KINDS,
  'text',
  'content',
  'target',
  'media',
  'message_id',
  'forward_id',
  'id',
  'url',
  'title',
  'kind',
  'value',
  'type',
  'data',
  'segments',
];

/** One small change to a valid reply, at a place chosen by index among all its places. */
export const MUTATIONS = [
  'add-field',
  'drop-field',
  'replace-value',
  'rename-type',
  'media-kind',
  'wrap-array',
] as const;

/** A valid reply with one mutation applied (the result may still be valid: e.g. a string for a string). */
export const mutatedReply = fc
  .tuple(
    validReply,
    fc.constantFrom(...MUTATIONS),
    fc.nat(),
    fc.oneof(scalar, fc.constant({}), fc.constant([])),
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...CATALOG_NAMES)),
  )
  .map(([reply, mutation, at, replacement, name]) =>
    mutate(structuredClone(reply) as Json, mutation, at, replacement as Json, name),
  );

function mutate(
  reply: Json,
  mutation: (typeof MUTATIONS)[number],
  at: number,
  replacement: Json,
  name: string,
): Json {
  const objects: { [key: string]: Json }[] = [];
  const walk = (value: Json): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      objects.push(value);
      Object.values(value).forEach(walk);
    }
  };
  walk(reply);
  const target = objects[at % objects.length]!;
  const keys = Object.keys(target);
  const key = keys.length > 0 ? keys[at % keys.length]! : undefined;
  switch (mutation) {
    case 'add-field':
      target[name in target ? `${name}_` : name] = replacement;
      break;
    case 'drop-field':
      if (key !== undefined) delete target[key];
      break;
    case 'replace-value':
      if (key !== undefined) target[key] = replacement;
      break;
    case 'rename-type':
      if ('type' in target) target.type = name;
      break;
    case 'media-kind':
      if ('kind' in target) target.kind = name;
      break;
    case 'wrap-array':
      if (key !== undefined) target[key] = [target[key]!];
      break;
  }
  return reply;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True when an array stands where the catalog wants an object (a segment, its data, a media
 * reference): the one place replyguard deliberately refuses what valibot's strictObject takes.
 */
export function arrayWhereObject(value: unknown): boolean {
  if (!isRecord(value) || !Array.isArray(value.segments)) return false;
  return value.segments.some(
    (item) =>
      Array.isArray(item) ||
      (isRecord(item) &&
        (Array.isArray(item.data) || (isRecord(item.data) && Array.isArray(item.data.media)))),
  );
}
