import type { Issue } from '../issues/issue';
import { appendPointer } from '../issues/appendPointer';

const TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
  'contentSchema',
];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const COUNTS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
];
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/**
 * Checks that a value is a well-formed JSON Schema (draft 2020-12): the structure the
 * meta-schema requires of the applicator and validation keywords, and patterns that compile.
 * Returns SCHEMA_MALFORMED issues, each pointing into the schema.
 */
export function checkJsonSchema(schema: unknown, path = ''): Issue[] {
  if (typeof schema === 'boolean') return [];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return [malformed(path, 'a schema must be an object or a boolean')];
  const node = schema as Record<string, unknown>;
  const issues: Issue[] = [];
  const at = (keyword: string) => appendPointer(path, keyword);

  if ('type' in node) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.length === 0 || !types.every((type) => typeof type === 'string' && TYPES.has(type)))
      issues.push(
        malformed(
          at('type'),
          'type must be one of null, boolean, object, array, number, integer, string (or a list of them)',
        ),
      );
  }
  if (
    'required' in node &&
    !(Array.isArray(node.required) && node.required.every((name) => typeof name === 'string'))
  )
    issues.push(malformed(at('required'), 'required must be a list of strings'));
  if ('enum' in node && !Array.isArray(node.enum))
    issues.push(malformed(at('enum'), 'enum must be a list'));
  for (const keyword of [
    '$ref',
    '$id',
    '$anchor',
    '$dynamicRef',
    '$schema',
    'title',
    'description',
    'format',
  ]) {
    if (keyword in node && typeof node[keyword] !== 'string')
      issues.push(malformed(at(keyword), `${keyword} must be a string`));
  }
  for (const keyword of COUNTS) {
    if (keyword in node && !(Number.isInteger(node[keyword]) && (node[keyword] as number) >= 0))
      issues.push(malformed(at(keyword), `${keyword} must be a non-negative integer`));
  }
  for (const keyword of NUMBERS) {
    if (keyword in node && typeof node[keyword] !== 'number')
      issues.push(malformed(at(keyword), `${keyword} must be a number`));
  }
  if (typeof node.multipleOf === 'number' && node.multipleOf <= 0)
    issues.push(malformed(at('multipleOf'), 'multipleOf must be greater than 0'));
  if ('pattern' in node) issues.push(...checkPattern(node.pattern, at('pattern')));
  for (const keyword of SCHEMA_KEYWORDS)
    if (keyword in node) issues.push(...checkJsonSchema(node[keyword], at(keyword)));
  for (const keyword of SCHEMA_LISTS) {
    if (!(keyword in node)) continue;
    const list = node[keyword];
    if (!Array.isArray(list) || list.length === 0)
      issues.push(malformed(at(keyword), `${keyword} must be a non-empty list of schemas`));
    else
      list.forEach((inner, i) =>
        issues.push(...checkJsonSchema(inner, appendPointer(at(keyword), i))),
      );
  }
  for (const keyword of SCHEMA_MAPS) {
    if (!(keyword in node)) continue;
    const map = node[keyword];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) {
      issues.push(malformed(at(keyword), `${keyword} must be an object of schemas`));
      continue;
    }
    for (const [name, inner] of Object.entries(map)) {
      if (keyword === 'patternProperties')
        issues.push(...checkPattern(name, appendPointer(at(keyword), name)));
      issues.push(...checkJsonSchema(inner, appendPointer(at(keyword), name)));
    }
  }
  return issues;
}

function checkPattern(pattern: unknown, path: string): Issue[] {
  if (typeof pattern !== 'string') return [malformed(path, 'a pattern must be a string')];
  try {
    new RegExp(pattern, 'u');
    return [];
  } catch {
    return [malformed(path, `the pattern at ${path} is not a valid regular expression`)];
  }
}

function malformed(path: string, message: string): Issue {
  return { code: 'SCHEMA_MALFORMED', path, message };
}
