import type { GenericSchema } from 'valibot';
import { encodePointer } from '../issues/encodePointer';
import { excerpt } from '../issues/excerpt';
import type { Issue, IssueCode } from '../issues/issue';
import { describeValue } from './describeValue';

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

type Node = GenericSchema & {
  readonly expects: string;
  readonly entries?: Record<string, Node>;
  readonly options?: readonly (Node | string | number)[];
  readonly item?: Node;
  readonly key?: string;
  readonly literal?: unknown;
  readonly pipe?: readonly unknown[];
};

/**
 * Compiles the subset of valibot the segment catalog uses (strictObject, variant, array, union of
 * leaves, literal, picklist, string, number) into plain closures — no eval — that name what is
 * wrong with a refused value: the same codes and pointers, in the same order, as valibot's issues
 * mapped by replyguard, but bounded. The search stops at the first issue past `sink.max`, so a
 * refused reply costs no more than a valid one, however many of its segments are wrong.
 *
 * Two deliberate differences from valibot: an array is never an object (valibot's strictObject
 * takes `[]` for `{}`, the contract and the JSON Schema do not), and a value a message quotes is a
 * short excerpt. Anything outside the subset throws at compile time.
 */
export function compileIssueFinder(schema: GenericSchema): IssueFinder {
  const find = compile(schema as Node);
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

const LEAVES = new Set(['string', 'number', 'literal', 'picklist']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function compile(node: Node): Find {
  if (node.pipe && node.pipe.length > 1) throw new Error(`compileIssueFinder: pipes are not supported (${node.type})`);
  const expects = node.expects;
  switch (node.type) {
    case 'string':
    case 'number':
    case 'union': {
      // Leaves only: valibot names the issues inside a union of objects in its own way.
      if (node.type === 'union' && (node.options as Node[]).some((option) => !LEAVES.has(option.type))) {
        throw new Error('compileIssueFinder: a union of containers is not supported');
      }
      const accepts = leafCheck(node);
      return (value, path, sink) => {
        if (!accepts(value)) add(sink, 'WRONG_TYPE', path, `expected ${expects}, got ${describeValue(value)}`);
      };
    }
    case 'literal':
    case 'picklist': {
      const accepts = leafCheck(node);
      return (value, path, sink) => {
        if (!accepts(value)) add(sink, 'INVALID_VALUE', path, `expected ${expects}`);
      };
    }
    case 'array': {
      const item = compile(node.item!);
      return (value, path, sink) => {
        if (!Array.isArray(value)) return add(sink, 'WRONG_TYPE', path, `expected Array, got ${describeValue(value)}`);
        const depth = path.length;
        for (let index = 0; index < value.length && sink.overflow === undefined; index++) {
          path[depth] = index;
          item(value[index], path, sink);
        }
        path.length = depth;
      };
    }
    case 'strict_object':
      return compileStrictObject(node);
    case 'variant': {
      const key = node.key!;
      const byTag = new Map<unknown, Find>();
      for (const option of node.options as Node[]) {
        if (option.type !== 'strict_object' || option.entries![key]?.type !== 'literal') throw new Error('compileIssueFinder: a variant option must be a strictObject with a literal tag');
        byTag.set(option.entries![key]!.literal, compileStrictObject(option));
      }
      const tags = [...byTag.keys()].join(', ');
      return (value, path, sink) => {
        if (!isObject(value)) return add(sink, 'WRONG_TYPE', path, `expected Object, got ${describeValue(value)}`);
        const find = Object.hasOwn(value, key) ? byTag.get(value[key]) : undefined;
        if (find) find(value, path, sink);
        else addAt(sink, 'UNKNOWN_SEGMENT_TYPE', path, key, `unknown segment type; use one of ${tags}`);
      };
    }
    default:
      throw new Error(`compileIssueFinder: valibot "${node.type}" is not supported`);
  }
}

function compileStrictObject(node: Node): Find {
  const entries = Object.entries(node.entries!).map(([key, inner]) => [key, compile(inner)] as const);
  const known = new Set(entries.map(([key]) => key));
  return (value, path, sink) => {
    if (!isObject(value)) return add(sink, 'WRONG_TYPE', path, `expected Object, got ${describeValue(value)}`);
    let present = 0;
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

/** A yes/no check of a leaf schema (a union must be made of leaves). */
function leafCheck(node: Node): (value: unknown) => boolean {
  switch (node.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      return (value) => typeof value === 'number' && !Number.isNaN(value);
    case 'literal': {
      const literal = node.literal;
      return (value) => value === literal;
    }
    case 'picklist': {
      const options = new Set(node.options as (string | number)[]);
      return (value) => options.has(value as string | number);
    }
    case 'union': {
      const options = (node.options as Node[]).map(leafCheck);
      return (value) => options.some((check) => check(value));
    }
    default:
      throw new Error(`compileIssueFinder: a union of "${node.type}" is not supported`);
  }
}
