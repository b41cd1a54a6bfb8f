/**
 * The rules of OpenAI's documented strict structured-output subset, checked on a schema:
 * the root is an object (not anyOf); every object sets additionalProperties: false and lists all
 * its properties in `required`; only supported keywords appear; at most 10 levels of nesting and
 * 5000 properties in all; enums of at most 1000 values.
 */
const SUPPORTED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'description',
  '$defs',
  '$ref',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  'const',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

export function assertOpenAiStrictSubset(schema: Record<string, unknown>): void {
  if (schema.type !== 'object' || 'anyOf' in schema)
    throw new Error('the root must be an object, not anyOf');
  let properties = 0;
  const walk = (node: Record<string, unknown>, at: string, depth: number) => {
    if (depth > 10) throw new Error(`${at}: nested deeper than 10 levels`);
    for (const keyword of Object.keys(node)) {
      if (!SUPPORTED.has(keyword))
        throw new Error(`${at}: keyword ${keyword} is outside the strict subset`);
    }
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    for (const type of types)
      if (!TYPES.has(type as string)) throw new Error(`${at}: type ${String(type)}`);
    if (Array.isArray(node.enum) && node.enum.length > 1000)
      throw new Error(`${at}: enum too long`);
    if (node.type === 'object') {
      if (node.additionalProperties !== false)
        throw new Error(`${at}: additionalProperties must be false`);
      const names = Object.keys((node.properties as object) ?? {});
      properties += names.length;
      const required = (node.required as string[]) ?? [];
      if (names.length !== required.length || !names.every((name) => required.includes(name))) {
        throw new Error(`${at}: every property must be required`);
      }
      for (const name of names)
        walk(
          (node.properties as Record<string, Record<string, unknown>>)[name]!,
          `${at}/properties/${name}`,
          depth + 1,
        );
    }
    if (node.items) walk(node.items as Record<string, unknown>, `${at}/items`, depth + 1);
    if (Array.isArray(node.anyOf))
      node.anyOf.forEach((inner, i) => walk(inner, `${at}/anyOf/${i}`, depth));
  };
  walk(schema, '', 1);
  if (properties > 5000) throw new Error('more than 5000 properties');
}
