import { type BoundedPattern, type PatternWork, testPattern } from './boundedPattern';
import type { EvaluationScope, SchemaNode } from './schemaNode';

/**
 * What every schema applied in place at one instance location (through `$ref`, `allOf`, `anyOf`,
 * `oneOf`, `if`/`then`/`else`, `dependentSchemas`; not `not`) may evaluate. Whether such a schema
 * passes is not known while the value streams, so this is what *could* be evaluated: a property
 * or item outside it is provably unevaluated. Computed once per schema and kept on it.
 */
export function evaluationScope(top: SchemaNode): EvaluationScope {
  if (top.scope !== undefined) return top.scope;
  const names = new Set<string>();
  const patterns: BoundedPattern[] = [];
  const anyProperty: SchemaNode[] = [];
  const anyItem: SchemaNode[] = [];
  let prefixLength = 0;
  let opaque = false;
  const seen = new Set<SchemaNode>();
  const visit = (node: SchemaNode | undefined): void => {
    if (node === undefined || seen.has(node)) return;
    seen.add(node);
    if (node.opaque) opaque = true;
    for (const name of node.properties?.keys() ?? []) names.add(name);
    for (const [pattern] of node.patterns ?? []) patterns.push(pattern);
    if (node.anyName) anyProperty.push(node);
    if (node.anyItem) anyItem.push(node);
    prefixLength = Math.max(prefixLength, node.prefixItems?.length ?? 0);
    visit(node.ref);
    for (const list of [node.allOf, node.anyOf, node.oneOf, node.dependentSchemas])
      for (const inner of list ?? []) visit(inner);
    visit(node.if);
    visit(node.then);
    visit(node.else);
  };
  visit(top);
  top.scope = { names, patterns, anyProperty, prefixLength, anyItem, opaque };
  return top.scope;
}

/**
 * Whether some schema in scope other than `self` may evaluate the property `name` (a pattern
 * past the pattern work may).
 */
export function mayEvaluateName(
  scope: EvaluationScope,
  name: string,
  self: SchemaNode,
  work: PatternWork,
): boolean {
  return (
    scope.opaque ||
    scope.names.has(name) ||
    scope.patterns.some((pattern) => testPattern(pattern, name, work) !== false) ||
    scope.anyProperty.some((node) => node !== self)
  );
}

/** Whether `self`'s `contains` or some other schema in scope may evaluate the item at `index`. */
export function mayEvaluateItem(scope: EvaluationScope, index: number, self: SchemaNode): boolean {
  return (
    self.contains ||
    scope.opaque ||
    index < scope.prefixLength ||
    scope.anyItem.some((node) => node !== self)
  );
}
