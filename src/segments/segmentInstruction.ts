import type * as v from 'valibot';
import { SegmentSchemas } from './segmentCatalog';

type AnySchema = v.BaseSchema<unknown, unknown, v.BaseIssue<unknown>> & {
  readonly entries?: Record<string, AnySchema>;
  readonly options?: readonly (AnySchema | string)[];
  readonly literal?: unknown;
  readonly item?: AnySchema;
};

let cached: string | undefined;

/**
 * The model instruction for the IM preset, derived from the segment catalog (so it can never
 * disagree with the validator). Append it last to the system prompt.
 *
 * @example
 * const system = `${hostPrompt}\n\n${segmentInstruction()}`;
 */
export function segmentInstruction(): string {
  cached ??= [
    'Answer with exactly one JSON object and nothing else: no Markdown code fence, no text before or after it.',
    'Its shape is {"segments": [ ... ]}, an ordered list of segments; {"segments": []} means no reply is needed.',
    'Each segment is {"type": <type>, "data": <data>} with exactly these fields (all required, no others):',
    ...SegmentSchemas.map((schema) => `- ${JSON.stringify(schema.entries.type.literal)}: ${describe(schema.entries.data as AnySchema)}`),
    `Attachments are segments: to send an ${mediaTypes()}, use that segment with a media reference; never Markdown image syntax ![alt](url), never an attachment as a link in text or Markdown.`,
    'Mentions are segments: to address someone, use a mention segment with their user id; never write "@name" in text or Markdown.',
    'Ids are strings, never numbers (except a face id). Never repeat a key; never include reasoning, tool-call markup, secrets or file paths of the host.',
  ].join('\n');
  return cached;
}

/** The segment types that carry media, read from the catalog: "image, audio, video or file". */
function mediaTypes(): string {
  const names = SegmentSchemas.filter((schema) => 'media' in (schema.entries.data as AnySchema).entries!).map((schema) => schema.entries.type.literal as string);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

function describe(schema: AnySchema): string {
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'literal':
      return JSON.stringify(schema.literal);
    case 'picklist':
      return (schema.options as string[]).map((option) => JSON.stringify(option)).join(' | ');
    case 'union':
      return (schema.options as AnySchema[]).map(describe).join(' or ');
    case 'array':
      return `[${describe(schema.item as AnySchema)}, ...]`;
    case 'strict_object':
    case 'object': {
      const fields = Object.entries(schema.entries ?? {}).map(([name, inner]) => `${JSON.stringify(name)}: ${describe(inner)}`);
      return `{${fields.join(', ')}}`;
    }
    default:
      return schema.type;
  }
}
