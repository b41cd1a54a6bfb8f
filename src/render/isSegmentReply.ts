import type { Segment, SegmentReply, SegmentType } from '../segments/segmentCatalog';

type Field = 'string' | 'id' | 'media';
type Fields<T extends SegmentType> = Readonly<Record<keyof Extract<Segment, { type: T }>['data'], Field>>;

// The closed catalog as the renderer reads it. The compiler holds the field names to the catalog's
// types (a missing or extra name fails to compile); a test holds this table to the valibot catalog
// itself. It is a table rather than the valibot schema so the browser renderer ships no valibot.
const FIELDS: { readonly [T in SegmentType]: Fields<T> } = {
  text: { text: 'string' },
  markdown: { content: 'string' },
  mention: { target: 'string' },
  image: { media: 'media' },
  audio: { media: 'media' },
  video: { media: 'media' },
  file: { media: 'media' },
  reply: { message_id: 'string' },
  forward: { forward_id: 'string' },
  face: { id: 'id' },
  dice: {},
  rps: {},
  share: { url: 'string', title: 'string' },
};
const MEDIA_KINDS: ReadonlySet<unknown> = new Set(['url', 'path', 'base64', 'file']);

/**
 * Whether a value is a segment reply exactly as the closed catalog allows: known types, every
 * object closed, every field present and of its type. The renderer's own check, so a reply that
 * did not come through `checkReply` (or was changed since) is never rendered.
 */
export function isSegmentReply(value: unknown): value is SegmentReply {
  return closed(value, 1) && Array.isArray(value.segments) && value.segments.every(isSegment);
}

function isSegment(segment: unknown): boolean {
  if (!closed(segment, 2) || typeof segment.type !== 'string' || !Object.hasOwn(FIELDS, segment.type)) return false;
  const fields = Object.entries(FIELDS[segment.type as SegmentType]) as [string, Field][];
  const data = segment.data;
  return closed(data, fields.length) && fields.every(([name, field]) => Object.hasOwn(data, name) && fits(data[name], field));
}

function fits(value: unknown, field: Field): boolean {
  if (field === 'string') return typeof value === 'string';
  if (field === 'id') return typeof value === 'string' || (typeof value === 'number' && !Number.isNaN(value));
  return closed(value, 2) && MEDIA_KINDS.has(value.kind) && typeof value.value === 'string';
}

/** A plain object (not an array) with exactly `size` own enumerable keys. */
function closed(value: unknown, size: number): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === size;
}
