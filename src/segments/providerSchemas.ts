import { deepFreeze, type JsonSchema, segmentJsonSchema } from './segmentJsonSchema';
import { lowerJsonSchema } from './lowerJsonSchema';

/** The schema name providers see. */
export const SEGMENT_SCHEMA_NAME = 'segment_reply';

const DESCRIPTION = 'The chat reply as an ordered list of segments.';

/**
 * The OpenAI strict `response_format` for the segment reply.
 *
 * @example
 * await openai.chat.completions.create({ model, messages, response_format: openAiResponseFormat() });
 */
export function openAiResponseFormat(
  schema: JsonSchema = segmentJsonSchema(),
  name = SEGMENT_SCHEMA_NAME,
): JsonSchema {
  return deepFreeze({
    type: 'json_schema',
    json_schema: { name, description: DESCRIPTION, strict: true, schema: lowerJsonSchema(schema) },
  });
}

/** An Anthropic tool whose forced call carries the reply as its input. */
export function anthropicReplyTool(
  schema: JsonSchema = segmentJsonSchema(),
  name = SEGMENT_SCHEMA_NAME,
): JsonSchema {
  return deepFreeze({
    name,
    description: `${DESCRIPTION} Call this tool exactly once with the final reply.`,
    input_schema: lowerJsonSchema(schema),
  });
}

/** The Gemini `generationConfig` fields for a JSON reply of this schema. */
export function geminiGenerationConfig(schema: JsonSchema = segmentJsonSchema()): JsonSchema {
  return deepFreeze({
    responseMimeType: 'application/json',
    responseJsonSchema: lowerJsonSchema(schema),
  });
}
