import type { JsonObserver, JsonPath } from '../json/jsonObserver';

/** A container of the document being built. */
type Container = Record<string, unknown> | unknown[];

/** The value parsed so far, with where each of its strings sits in reading order. */
export interface PartialValue {
  /** The root: containers hold what has been read (the open string's text so far included). */
  readonly root: unknown;
  /** The strings in the order they were read. */
  readonly strings: readonly PartialString[];
  /** Each string's index in `strings`, by its pointer. */
  readonly byPointer: ReadonlyMap<string, number>;
  /** Each string's index in `strings`, by its container and key (the root string: `undefined`, 0). */
  readonly byPlace: ReadonlyMap<object | undefined, ReadonlyMap<string | number, number>>;
  /** The strings' total length: `strings` joined would be this long. */
  readonly length: number;
  /** Containers that have closed. */
  readonly closed: ReadonlySet<object>;
  /** Values read so far (containers opened and scalars completed). */
  readonly values: number;
  /** The pointer of the string a chunk ended inside (the last of `strings`), if one did. */
  readonly openPointer: string | undefined;
}

/** One string of the partial value: where it is, where it starts in the joined strings, its text. */
export interface PartialString {
  readonly pointer: string;
  readonly start: number;
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
 * while it streams. Each string is placed once (its pointer and where it starts among the strings
 * read), so a view of the value costs no walk of what did not change. It never refuses anything.
 * `pointerOf` writes a path as the JSON pointer the leak scanner names a string by.
 */
export function createValueBuilder(
  pointerOf: (path: readonly (string | number)[]) => string,
): ValueBuilder {
  const stack: Container[] = [];
  const strings: PartialString[] = [];
  const byPointer = new Map<string, number>();
  const byPlace = new Map<object | undefined, Map<string | number, number>>();
  const closed = new Set<object>();
  let root: unknown;
  let open: PartialString | undefined;
  let length = 0;
  let values = 0;

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

  /** A string begins: placed after every string read before it. */
  const place = (path: JsonPath, depth: number, text: string): PartialString => {
    const entry: PartialString = {
      pointer: pointerOf(path.slice(0, depth)),
      start: length,
      text,
    };
    const container = depth === 0 ? undefined : stack[depth - 1];
    let keys = byPlace.get(container);
    if (keys === undefined) byPlace.set(container, (keys = new Map<string | number, number>()));
    keys.set(depth === 0 ? 0 : path[depth - 1]!, strings.length);
    byPointer.set(entry.pointer, strings.length);
    strings.push(entry);
    length += text.length;
    return entry;
  };

  const observer: JsonObserver = {
    member: () => undefined,
    value(path, depth, kind, scalar) {
      values++;
      if (kind === 'object' || kind === 'array') {
        const container: Container = kind === 'array' ? [] : {};
        put(path, depth, container);
        stack[depth] = container;
        return undefined;
      }
      put(path, depth, scalar);
      if (kind === 'string') {
        // The string a chunk ended inside is complete now: its entry takes the whole text.
        if (open !== undefined) {
          length += (scalar as string).length - open.text.length;
          open.text = scalar as string;
        } else place(path, depth, scalar as string);
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
      if (open === undefined) open = place(path, depth, text);
      else {
        length += text.length - open.text.length;
        open.text = text;
      }
      put(path, depth, text);
      return undefined;
    },
  };
  return {
    observer,
    current: () => ({
      root,
      strings,
      byPointer,
      byPlace,
      length,
      closed,
      values,
      openPointer: open?.pointer,
    }),
  };
}
