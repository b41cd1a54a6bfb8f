import { type CatalogNode, type CatalogObject, isCatalogTuple } from './catalogNode';
import { SEGMENT_TABLE } from './segmentTable.generated';

let cached: string | undefined;

/**
 * The model instruction for the IM preset, derived from the segment catalog (so it can never
 * disagree with the validator). Append it last to the system prompt.
 *
 * @example
 * const system = `${hostPrompt}\n\n${segmentInstruction()}`;
 */
export function segmentInstruction(): string {
  // Read from the catalog's generated table, not the valibot schemas: a host that only builds
  // prompts ships no valibot.
  const segments = Object.entries(SEGMENT_TABLE.segments[1][2]);
  cached ??= [
    'Answer with exactly one JSON object and nothing else: no Markdown code fence, no text before or after it.',
    'Its shape is {"segments": [ ... ]}, an ordered list of segments; {"segments": []} means no reply is needed.',
    'Each segment is {"type": <type>, "data": <data>} with exactly these fields (all required, no others):',
    ...segments.map(([type, { data }]) => `- ${JSON.stringify(type)}: ${describe(data)}`),
    `Attachments are segments: to send an ${mediaTypes(segments)}, use that segment with a media reference; never Markdown image syntax ![alt](url), never an attachment as a link in text or Markdown.`,
    'Mentions are segments: to address someone, use a mention segment with their user id; never write "@name" in text or Markdown.',
    'Ids are strings, never numbers (except a face id). Never repeat a key; never include reasoning, tool-call markup, secrets or file paths of the host.',
  ].join('\n');
  return cached;
}

/** The segment types that carry media, read from the catalog: "image, audio, video or file". */
function mediaTypes(segments: [string, { readonly data: CatalogObject }][]): string {
  const names = segments.filter(([, { data }]) => 'media' in data).map(([type]) => type);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

function describe(node: CatalogNode): string {
  if (typeof node === 'string') return node;
  if (!isCatalogTuple(node))
    return `{${Object.entries(node)
      .map(([name, inner]) => `${JSON.stringify(name)}: ${describe(inner)}`)
      .join(', ')}}`;
  switch (node[0]) {
    case 'literal':
      return JSON.stringify(node[1]);
    case 'picklist':
      return node[1].map((option) => JSON.stringify(option)).join(' | ');
    case 'union':
      return node[1].map(describe).join(' or ');
    case 'array':
      return `[${describe(node[1])}, ...]`;
    case 'variant':
      return Object.entries(node[2])
        .map(([tag, option]) => describe({ [node[1]]: ['literal', tag, ''], ...option }))
        .join(' or ');
  }
}
