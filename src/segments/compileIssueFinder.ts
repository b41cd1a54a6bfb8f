import { encodePointer } from '../issues/encodePointer';
import { excerpt } from '../issues/excerpt';
import type { Issue, IssueCode } from '../issues/issue';
import { type CatalogLeaf, type CatalogNode, type CatalogObject, isCatalogTuple } from './catalogNode';
import { describeValue } from './describeValue';
import { leafCheck } from './leafCheck';

/** Where found issues go: at most `max` are kept; the first one past the bound stops the search. */
export interface IssueSink {
  readonly issues: Issue[];
  readonly max: number;
  /** The pointer of the first issue that did not fit; set once, and the search stops there. */
  overflow?: string;
}

/** Lists what is wrong with a value, in valibot's order, into a bounded sink. */
export type IssueFinder = (value: unknown, sink: IssueSink) => void;

type Path = (string | number)[];
type Find = (value: unknown, path: Path, sink: IssueSink) => void;

/**
 * Compiles a catalog node (the plain-data form of the valibot catalog, see `catalogNode`) into
 * plain closures — no eval — that name what is wrong with a refused value: the same codes and
 * pointers, in the same order, as valibot's issues mapped by replyguard, but bounded. The search
 * stops at the first issue past `sink.max`, so a refused reply costs no more than a valid one,
 * however many of its segments are wrong.
 *
 * Two deliberate differences from valibot: an array is never an object (valibot's strictObject
 * takes `[]` for `{}`, the contract and the JSON Schema do not), and a value a message quotes is a
 * short excerpt.
 */
export function compileIssueFinder(node: CatalogNode): IssueFinder {
  const find = compile(node);
  return (value, sink) => find(value, [], sink);
}

function add(sink: IssueSink, code: IssueCode, path: Path, message: string): void {
  if (sink.overflow !== undefined) return;
  if (sink.issues.length < sink.max) sink.issues.push({ code, path: encodePointer(path), message });
  else sink.overflow = encodePointer(path);
}

/** Adds an issue at `path` + `key` without keeping the longer path. */
function addAt(sink: IssueSink, code: IssueCode, path: Path, key: string, message: string): void {
  path.push(key);
  add(sink, code, path, message);
  path.pop();
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds a WRONG_TYPE issue: "expected X, got <the value>". */
const wrongType = (sink: IssueSink, path: Path, expected: string, value: unknown): void => add(sink, 'WRONG_TYPE', path, `expected ${expected}, got ${describeValue(value)}`);

function compile(node: CatalogNode): Find {
  if (!isCatalogTuple(node)) return typeof node === 'string' ? leaf(node, 'WRONG_TYPE') : compileObject(node);
  switch (node[0]) {
    case 'union':
      return leaf(node, 'WRONG_TYPE');
    case 'literal':
    case 'picklist':
      return leaf(node, 'INVALID_VALUE');
    case 'array': {
      const item = compile(node[1]);
      return (value, path, sink) => {
        if (!Array.isArray(value)) return wrongType(sink, path, 'Array', value);
        const depth = path.length;
        for (let index = 0; index < value.length && sink.overflow === undefined; index++) {
          path[depth] = index;
          item(value[index], path, sink);
        }
        path.length = depth;
      };
    }
    case 'variant': {
      const [, key, options] = node;
      const byTag = new Map(Object.entries(options).map(([tag, option]) => [tag, compileObject(option, key)]));
      const tags = Object.keys(options).join(', ');
      return (value, path, sink) => {
        if (!isObject(value)) return wrongType(sink, path, 'Object', value);
        const find = Object.hasOwn(value, key) ? byTag.get(value[key] as string) : undefined;
        if (find) find(value, path, sink);
        else addAt(sink, 'UNKNOWN_SEGMENT_TYPE', path, key, `unknown segment type; use one of ${tags}`);
      };
    }
  }
}

/** A leaf: a wrong JSON type says what it got; a wrong value (literal, picklist) only what it wants. */
function leaf(node: CatalogLeaf, code: 'WRONG_TYPE' | 'INVALID_VALUE'): Find {
  const accepts = leafCheck(node);
  const expects = typeof node === 'string' ? node : node[2];
  return (value, path, sink) => {
    if (!accepts(value)) add(sink, code, path, code === 'WRONG_TYPE' ? `expected ${expects}, got ${describeValue(value)}` : `expected ${expects}`);
  };
}

/** A closed object; a variant's option also has its `tag` field, already matched. */
function compileObject(node: CatalogObject, tag?: string): Find {
  const entries = Object.entries(node).map(([key, inner]) => [key, compile(inner)] as const);
  const known = new Set(entries.map(([key]) => key));
  if (tag !== undefined) known.add(tag);
  return (value, path, sink) => {
    if (!isObject(value)) return wrongType(sink, path, 'Object', value);
    let present = tag === undefined ? 0 : 1;
    for (const [key, find] of entries) {
      if (sink.overflow !== undefined) return;
      if (!Object.hasOwn(value, key)) {
        addAt(sink, 'MISSING_FIELD', path, key, `missing required field "${excerpt(key)}"`);
        continue;
      }
      present++;
      path.push(key);
      find(value[key], path, sink);
      path.pop();
    }
    // Counting is cheaper than looking each name up; only an object with more names than it
    // should have is searched. Like valibot, one unknown field per object is named: enough to
    // refuse it, and bounded.
    let count = 0;
    for (const key in value) if (Object.hasOwn(value, key)) count++;
    if (count === present) return;
    for (const key in value) {
      if (Object.hasOwn(value, key) && !known.has(key)) {
        addAt(sink, 'UNKNOWN_FIELD', path, key, `unknown field "${excerpt(key)}"; every object is closed`);
        return;
      }
    }
  };
}
