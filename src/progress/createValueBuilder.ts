import type { JsonObserver, JsonPath } from '../json/jsonObserver';

/** A container of the document being built, and whether it has closed. */
type Container = Record<string, unknown> | unknown[];

/** The value parsed so far, with where each of its strings sits in reading order. */
export interface PartialValue {
  /** The root: containers hold what has been read (the open string's text so far included). */
  readonly root: unknown;
  /** The strings in the order they were read: their container, key, and text. */
  readonly strings: readonly PartialString[];
  /** Containers that have closed. */
  readonly closed: ReadonlySet<object>;
  /** Whether the last string is still open (its text may grow). */
  readonly open: boolean;
}

/** One string of the partial value. */
export interface PartialString {
  readonly container: Container | undefined;
  readonly key: string | number;
  text: string;
}

/** Builds the value a stream has parsed so far from the parser's events: see {@link createValueBuilder}. */
export interface ValueBuilder {
  readonly observer: JsonObserver;
  /** The value so far. Its objects are live: read them before the next chunk is pushed. */
  current(): PartialValue;
}

/**
 * Builds the document as the strict parser reads it — containers when they open, scalars when
 * complete, and the text so far of a string a chunk ended inside — so a host can be shown a reply
 * while it streams. It never refuses anything: a judge decides, this only watches.
 */
export function createValueBuilder(): ValueBuilder {
  const stack: Container[] = [];
  const strings: PartialString[] = [];
  const closed = new Set<object>();
  let root: unknown;
  let open: PartialString | undefined;

  const put = (path: JsonPath, depth: number, value: unknown): void => {
    if (depth === 0) {
      root = value;
      return;
    }
    const container = stack[depth - 1]!;
    const key = path[depth - 1]!;
    if (Array.isArray(container)) container[key as number] = value;
    // An own `__proto__` (protoKey 'keep') stays data, as the parser keeps it.
    else
      Object.defineProperty(container, key, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
  };

  const observer: JsonObserver = {
    member: () => undefined,
    value(path, depth, kind, scalar) {
      if (kind === 'object' || kind === 'array') {
        const container: Container = kind === 'array' ? [] : {};
        put(path, depth, container);
        stack[depth] = container;
        return undefined;
      }
      put(path, depth, scalar);
      if (kind === 'string') {
        // The string a chunk ended inside is complete now: its entry takes the whole text.
        if (open !== undefined) open.text = scalar as string;
        else
          strings.push({
            container: depth === 0 ? undefined : stack[depth - 1],
            key: depth === 0 ? 0 : path[depth - 1]!,
            text: scalar as string,
          });
      }
      open = undefined;
      return undefined;
    },
    close(_path, depth) {
      closed.add(stack[depth]!);
      return undefined;
    },
    partial(path, depth, text, name) {
      if (name) return undefined;
      if (open === undefined) {
        open = {
          container: depth === 0 ? undefined : stack[depth - 1],
          key: depth === 0 ? 0 : path[depth - 1]!,
          text,
        };
        strings.push(open);
      }
      open.text = text;
      put(path, depth, text);
      return undefined;
    },
  };
  return {
    observer,
    current: () => ({ root, strings, closed, open: open !== undefined }),
  };
}
