import { encodePointer } from '../issues/encodePointer';
import { excerpt } from '../issues/excerpt';
import type { Issue, IssueCode } from '../issues/issue';
import { type CatalogNode, isCatalogTuple } from './catalogNode';
import { describeValue } from './describeValue';
import { leafMatches } from './leafMatches';

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

/**
 * An issue finder for a catalog node (the plain-data form of the valibot catalog, see
 * `catalogNode`) that names what is wrong with a refused value: the same codes and pointers, in
 * the same order, as valibot's issues mapped by replyguard, but bounded. The search stops at the
 * first issue past `sink.max`, so a refused reply costs no more than a valid one, however many of
 * its segments are wrong. It walks the table itself (as fast as compiled closures, and smaller).
 *
 * Three deliberate differences from valibot: an array is never an object (valibot's strictObject
 * takes `[]` for `{}`, the contract and the JSON Schema do not), every own name of a closed object
 * counts, a non-enumerable one too (valibot reads only enumerable names: a hidden known field
 * could stand in for an unknown one), and a value a message quotes is a short excerpt.
 */
export function compileIssueFinder(node: CatalogNode): IssueFinder {
  return (value, sink) => find(node, value, [], sink);
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

/** "expected X, got <the value>". */
const wrongType = (sink: IssueSink, path: Path, expected: string, value: unknown): void =>
  add(sink, 'WRONG_TYPE', path, `expected ${expected}, got ${describeValue(value)}`);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Adds the issues of `value` at `path`; `tag` is the field a variant chose this object by. */
function find(node: CatalogNode, value: unknown, path: Path, sink: IssueSink, tag?: string): void {
  if (typeof node === 'string') {
    if (!leafMatches(node, value)) wrongType(sink, path, node, value);
  } else if (!isCatalogTuple(node)) {
    // A closed object: its fields in order, then one unknown field, as valibot's strictObject.
    if (!isObject(value)) return wrongType(sink, path, 'Object', value);
    let present = tag === undefined ? 0 : 1;
    for (const key in node) {
      // Own names only: an enumerable name added to Object.prototype is no field of the catalog.
      if (!Object.hasOwn(node, key)) continue;
      if (sink.overflow !== undefined) return;
      if (!Object.hasOwn(value, key)) {
        addAt(sink, 'MISSING_FIELD', path, key, `missing required field "${excerpt(key)}"`);
        continue;
      }
      present++;
      path.push(key);
      find(node[key]!, value[key], path, sink);
      path.pop();
    }
    // Counting is cheaper than looking each name up; only an object with more names than it
    // should have is searched. Like valibot, one unknown field per object is named: enough to
    // refuse it, and bounded. Every own name counts, a non-enumerable one too: counting only the
    // enumerable ones, a hidden known field stood in for an unknown one.
    const names = Object.getOwnPropertyNames(value);
    if (names.length === present) return;
    for (const key of names) {
      if (!Object.hasOwn(node, key) && key !== tag) {
        return addAt(
          sink,
          'UNKNOWN_FIELD',
          path,
          key,
          `unknown field "${excerpt(key)}"; every object is closed`,
        );
      }
    }
  } else if (node[0] === 'array') {
    if (!Array.isArray(value)) return wrongType(sink, path, 'Array', value);
    const depth = path.length;
    for (let index = 0; index < value.length && sink.overflow === undefined; index++) {
      path[depth] = index;
      find(node[1], value[index], path, sink);
    }
    path.length = depth;
  } else if (node[0] === 'variant') {
    const [, key, options] = node;
    if (!isObject(value)) return wrongType(sink, path, 'Object', value);
    const chosen = value[key];
    if (Object.hasOwn(value, key) && typeof chosen === 'string' && Object.hasOwn(options, chosen))
      find(options[chosen]!, value, path, sink, key);
    else
      addAt(
        sink,
        'UNKNOWN_SEGMENT_TYPE',
        path,
        key,
        `unknown segment type; use one of ${Object.keys(options).join(', ')}`,
      );
  } else if (!leafMatches(node, value)) {
    // A union is a wrong JSON type; a literal or picklist a wrong value, whose type may be right.
    if (node[0] === 'union') wrongType(sink, path, node[2], value);
    else add(sink, 'INVALID_VALUE', path, `expected ${node[2]}`);
  }
}
