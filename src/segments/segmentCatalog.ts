import {
  type InferOutput,
  type ObjectEntries,
  array,
  literal,
  number,
  picklist,
  strictObject,
  string,
  union,
  variant,
} from 'valibot';

// Calls are marked pure so a bundler can drop the catalog from apps that only import the parser.

/** Where a media segment's bytes come from. */
export const MEDIA_KINDS = ['url', 'path', 'base64', 'file'] as const;

/** A media reference: closed, both fields required. */
export const MediaSchema = /* @__PURE__ */ strictObject({
  kind: /* @__PURE__ */ picklist(MEDIA_KINDS),
  value: /* @__PURE__ */ string(),
});

/* @__NO_SIDE_EFFECTS__ */
const segment = <TType extends string, TData extends ObjectEntries>(type: TType, data: TData) =>
  strictObject({ type: literal(type), data: strictObject(data) });

/**
 * The IM segment catalog: one closed schema per segment type, written once. The JSON Schema
 * export, the provider lowerings and the model instruction are all derived from it.
 */
export const SegmentSchemas = [
  /* @__PURE__ */ segment('text', { text: /* @__PURE__ */ string() }),
  /* @__PURE__ */ segment('markdown', { content: /* @__PURE__ */ string() }),
  /* @__PURE__ */ segment('mention', { target: /* @__PURE__ */ string() }),
  /* @__PURE__ */ segment('image', { media: MediaSchema }),
  /* @__PURE__ */ segment('audio', { media: MediaSchema }),
  /* @__PURE__ */ segment('video', { media: MediaSchema }),
  /* @__PURE__ */ segment('file', { media: MediaSchema }),
  /* @__PURE__ */ segment('reply', { message_id: /* @__PURE__ */ string() }),
  /* @__PURE__ */ segment('forward', { forward_id: /* @__PURE__ */ string() }),
  /* @__PURE__ */ segment('face', {
    id: /* @__PURE__ */ union([/* @__PURE__ */ string(), /* @__PURE__ */ number()]),
  }),
  /* @__PURE__ */ segment('dice', {}),
  /* @__PURE__ */ segment('rps', {}),
  /* @__PURE__ */ segment('share', {
    url: /* @__PURE__ */ string(),
    title: /* @__PURE__ */ string(),
  }),
] as const;

/** One segment: a variant on `type`. */
export const SegmentSchema = /* @__PURE__ */ variant('type', SegmentSchemas);

/** The whole reply: `{ "segments": [...] }`, order preserved, an empty list meaning "no reply". */
export const SegmentReplySchema = /* @__PURE__ */ strictObject({
  segments: /* @__PURE__ */ array(SegmentSchema),
});

/** A validated segment. */
export type Segment = InferOutput<typeof SegmentSchema>;
/** The type names of the catalog. */
export type SegmentType = Segment['type'];
/** A validated IM reply. */
export type SegmentReply = InferOutput<typeof SegmentReplySchema>;
/** A media reference. */
export type Media = InferOutput<typeof MediaSchema>;
/** The segment types that carry media. */
export type MediaSegment = Extract<Segment, { data: { media: Media } }>;

/** The segment type names, in catalog order. */
export const SEGMENT_TYPES: readonly SegmentType[] = /* @__PURE__ */ SegmentSchemas.map(
  (schema) => schema.entries.type.literal,
);
