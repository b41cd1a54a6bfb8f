import * as v from 'valibot';

/** Where a media segment's bytes come from. */
export const MEDIA_KINDS = ['url', 'path', 'base64', 'file'] as const;

/** A media reference: closed, both fields required. */
export const MediaSchema = v.strictObject({
  kind: v.picklist(MEDIA_KINDS),
  value: v.string(),
});

const segment = <TType extends string, TData extends v.ObjectEntries>(type: TType, data: TData) =>
  v.strictObject({ type: v.literal(type), data: v.strictObject(data) });

/**
 * The IM segment catalog: one closed schema per segment type, written once. The JSON Schema
 * export, the provider lowerings and the model instruction are all derived from it.
 */
export const SegmentSchemas = [
  segment('text', { text: v.string() }),
  segment('markdown', { content: v.string() }),
  segment('mention', { target: v.string() }),
  segment('image', { media: MediaSchema }),
  segment('audio', { media: MediaSchema }),
  segment('video', { media: MediaSchema }),
  segment('file', { media: MediaSchema }),
  segment('reply', { message_id: v.string() }),
  segment('forward', { forward_id: v.string() }),
  segment('face', { id: v.union([v.string(), v.number()]) }),
  segment('dice', {}),
  segment('rps', {}),
  segment('share', { url: v.string(), title: v.string() }),
] as const;

/** One segment: a variant on `type`. */
export const SegmentSchema = v.variant('type', SegmentSchemas);

/** The whole reply: `{ "segments": [...] }`, order preserved, an empty list meaning "no reply". */
export const SegmentReplySchema = v.strictObject({ segments: v.array(SegmentSchema) });

/** A validated segment. */
export type Segment = v.InferOutput<typeof SegmentSchema>;
/** The type names of the catalog. */
export type SegmentType = Segment['type'];
/** A validated IM reply. */
export type SegmentReply = v.InferOutput<typeof SegmentReplySchema>;
/** A media reference. */
export type Media = v.InferOutput<typeof MediaSchema>;
/** The segment types that carry media. */
export type MediaSegment = Extract<Segment, { data: { media: Media } }>;

/** The segment type names, in catalog order. */
export const SEGMENT_TYPES: readonly SegmentType[] = SegmentSchemas.map((schema) => schema.entries.type.literal);
