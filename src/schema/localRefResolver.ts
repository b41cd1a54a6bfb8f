/**
 * The `$ref` resolution a schema needs when no validator is at hand: `#` and `#/json/pointer`
 * fragments, read against the root. A schema with a nested `$id` (another base for its `$ref`s)
 * or any other reference (`#anchor`, a URI) gets none: those parts are judged at the end only.
 */
export function localRefResolver(
  schema: unknown,
): (node: Readonly<Record<string, unknown>>) => unknown {
  const nestedIds = hasNestedId(schema, true, new Set());
  return (node) => {
    const ref = node.$ref;
    if (nestedIds || typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
    if (ref === '#') return schema;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = schema;
    for (const raw of ref.slice(2).split('/')) {
      let token: string;
      try {
        token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      } catch {
        return undefined;
      }
      if (typeof target !== 'object' || target === null || !Object.hasOwn(target, token))
        return undefined;
      target = (target as Record<string, unknown>)[token];
    }
    return typeof target === 'boolean' || (typeof target === 'object' && target !== null)
      ? target
      : undefined;
  };
}

function hasNestedId(value: unknown, root: boolean, seen: Set<unknown>): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  if (!root && !Array.isArray(value) && typeof (value as { $id?: unknown }).$id === 'string')
    return true;
  for (const inner of Object.values(value)) if (hasNestedId(inner, false, seen)) return true;
  return false;
}
