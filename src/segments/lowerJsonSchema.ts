import type { JsonSchema } from './segmentJsonSchema';

/**
 * Lowers a JSON Schema to the subset that providers' strict structured outputs accept
 * (OpenAI strict `json_schema`, Anthropic tool input, Gemini `responseJsonSchema`):
 * `oneOf` becomes `anyOf`, `const` becomes a one-value `enum`, every object lists all its
 * properties as required with `additionalProperties: false`, and document keywords
 * (`$schema`, `$id`, `title`) are dropped.
 */
export function lowerJsonSchema(schema: JsonSchema): JsonSchema {
  return lower(schema, true) as JsonSchema;
}

const DROPPED = /* @__PURE__ */ new Set(['$schema', '$id', 'title']);

function lower(node: unknown, root: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => lower(item, false));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (root && DROPPED.has(keyword)) continue;
    if (keyword === 'oneOf') out.anyOf = lower(value, false);
    else if (keyword === 'const') {
      out.enum = [value];
      if (typeof value === 'string') out.type = 'string';
    } else if (keyword === 'properties') {
      const properties: Record<string, unknown> = {};
      for (const [name, inner] of Object.entries(value as Record<string, unknown>))
        properties[name] = lower(inner, false);
      out.properties = properties;
    } else out[keyword] = lower(value, false);
  }
  if (out.type === 'object' || out.properties !== undefined) {
    out.type = 'object';
    out.properties ??= {};
    out.required = Object.keys(out.properties as object);
    out.additionalProperties = false;
  }
  return out;
}
