/**
 * Every string of a JSON value (member names excluded), in document order, joined by a newline:
 * what a scanner searches once to decide which rules can match anywhere in the value.
 */
export function collectStrings(value: unknown): string {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') out.push(node);
    else if (Array.isArray(node)) for (const item of node) walk(item);
    else if (typeof node === 'object' && node !== null) for (const key in node) walk((node as Record<string, unknown>)[key]);
  };
  walk(value);
  return out.join('\n');
}
