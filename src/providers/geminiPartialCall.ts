import { quoteSource } from '../leaks/quoteSource';
import { ProviderError } from './providerError';
import { field } from './postJson';

/**
 * A Gemini function call whose arguments arrive in pieces (Vertex AI's streamed function-call
 * arguments: the first part names the call with `willContinue: true`, later parts carry
 * `partialArgs`, the part without `willContinue` ends it).
 */
export interface PartialCall {
  readonly name: string;
  readonly id: string | undefined;
  readonly signature: string | undefined;
  /**
   * Places one part's `partialArgs`: each `{ jsonPath, stringValue | numberValue | boolValue |
   * nullValue }`; string pieces of the same path are joined. Throws a ProviderError for a path
   * it cannot place (a wildcard, a filter, a conflict with a value already there).
   */
  add(partialArgs: unknown): void;
  /** The arguments so far, as JSON text. */
  argumentsText(): string;
}

/** Opens a call named `name`, its arguments starting from `args` (an object, or nothing). */
export function createPartialCall(
  name: string,
  args: unknown,
  id: string | undefined,
  signature: string | undefined,
): PartialCall {
  const root: Record<string, unknown> =
    typeof args === 'object' && args !== null && !Array.isArray(args)
      ? (JSON.parse(JSON.stringify(args)) as Record<string, unknown>)
      : {};
  return {
    name,
    id,
    signature,
    add(partialArgs) {
      if (partialArgs === undefined || partialArgs === null) return;
      if (!Array.isArray(partialArgs))
        throw new ProviderError(
          `function call ${quoteName(name)} sent partialArgs that are not a list`,
        );
      for (const piece of partialArgs as unknown[]) place(root, piece, name);
    },
    argumentsText: () => JSON.stringify(root),
  };
}

function place(root: Record<string, unknown>, piece: unknown, name: string): void {
  const jsonPath = field(piece, 'jsonPath');
  const path = typeof jsonPath === 'string' ? parsePath(jsonPath) : undefined;
  if (path === undefined || path.length === 0)
    throw new ProviderError(
      `function call ${quoteName(name)} sent an argument path replyguard cannot place: ${quoteSource(String(jsonPath))}`,
    );
  const string = field(piece, 'stringValue');
  let value: unknown;
  if (typeof string === 'string') value = string;
  else if (typeof field(piece, 'numberValue') === 'number') value = field(piece, 'numberValue');
  else if (typeof field(piece, 'boolValue') === 'boolean') value = field(piece, 'boolValue');
  else if (field(piece, 'nullValue') !== undefined) value = null;
  else return; // A piece with no value (an empty closing piece) adds nothing.
  let container: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const last = i === path.length - 1;
    const existing = childOf(container, key, jsonPath as string, name);
    if (last) {
      const joined =
        typeof value === 'string' && typeof existing === 'string' ? existing + value : value;
      setChild(container, key, joined);
    } else if (existing === undefined) {
      const child = typeof path[i + 1] === 'number' ? [] : {};
      setChild(container, key, child);
      container = child;
    } else {
      container = existing;
    }
  }
}

/** The child at `key`, checking that the container can hold such a key. */
function childOf(container: unknown, key: string | number, path: string, name: string): unknown {
  const fits =
    typeof key === 'number'
      ? Array.isArray(container) && key <= container.length
      : typeof container === 'object' && container !== null && !Array.isArray(container);
  if (!fits)
    throw new ProviderError(
      `function call ${quoteName(name)} sent an argument path that conflicts with the arguments so far: ${quoteSource(path)}`,
    );
  return Object.hasOwn(container as object, key)
    ? (container as Record<string, unknown>)[key]
    : undefined;
}

/** Sets an own property, so that a key such as `__proto__` is data, never a prototype. */
function setChild(container: unknown, key: string | number, value: unknown): void {
  Object.defineProperty(container, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

// One segment of a JSONPath that names one place: `.name`, `[0]`, `['name']` or `["name"]`.
const SEGMENT =
  /\.([^.[\]]+)|\[(0|[1-9][0-9]{0,5})\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\]/y;

/**
 * The segments of a JSONPath (RFC 9535) that names one place: `$`, then `.name`, `['name']`,
 * `["name"]` (a backslash escapes the next character) or `[0]`. Anything else (wildcards,
 * slices, filters, descendants) is undefined.
 */
export function parsePath(path: string): (string | number)[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const out: (string | number)[] = [];
  SEGMENT.lastIndex = 1;
  while (SEGMENT.lastIndex < path.length) {
    const match = SEGMENT.exec(path);
    if (match === null || match[1] === '*') return undefined;
    if (match[1] !== undefined) out.push(match[1]);
    else if (match[2] !== undefined) out.push(Number(match[2]));
    else out.push((match[3] ?? match[4] ?? '').replace(/\\(.)/g, '$1'));
  }
  return out;
}

// The model's name and path are quoted whole (bounded only by quoteSource): the failure leaves
// through providerFailure, which masks the message, then shortens it. Cut here first, a secret
// split by the cut would no longer be recognised (issue 26).
function quoteName(name: string): string {
  return JSON.stringify(quoteSource(name));
}
