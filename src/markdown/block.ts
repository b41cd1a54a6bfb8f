/** The kinds of block the parser builds (no raw-HTML blocks: raw HTML is text). */
export const enum BlockType {
  Document = 0,
  Quote = 1,
  List = 2,
  Item = 3,
  Paragraph = 4,
  Heading = 5,
  Break = 6,
  Code = 7,
}

/** A block's `flags`. */
export const OPEN = 1;
export const LAST_LINE_BLANK = 2;
/** Lists: no blank line between items or their blocks. */
export const TIGHT = 4;

/**
 * A document's blocks in columns of typed arrays rather than an object per block: a list item on
 * every line of a long reply makes no garbage and nothing for the collector to trace, so such a
 * reply costs about what an ordinary one does. A block is its row (the document is 0; -1 is
 * none). Children are a list of siblings. A leaf's lines are a run of `lines`: only the deepest
 * open block takes lines, and it is the last block opened.
 */
export interface BlockTree {
  count: number;
  type: Uint8Array;
  parent: Int32Array;
  firstChild: Int32Array;
  lastChild: Int32Array;
  next: Int32Array;
  previous: Int32Array;
  /** Containers open at once above and including this one (the document is 0). */
  depth: Uint8Array;
  /** `OPEN`, `LAST_LINE_BLANK`, `TIGHT`. */
  flags: Uint8Array;
  /** The line it started on (an item that starts empty may not take a blank line next). */
  startLine: Int32Array;
  /** Lists and items: `-`, `+`, `*`, or `.`/`)` for ordered ones; code: the fence character. */
  marker: Uint8Array;
  /** Heading: its level. Ordered list: its first number. Code: its fence length (0: indented). */
  size: Int32Array;
  /** Items: the column of the marker and the width to the content. Code: the fence's indent. */
  markerOffset: Int32Array;
  padding: Int32Array;
  /** Leaves: where their lines start in `lines`, and how many. */
  firstLine: Int32Array;
  lineCount: Int32Array;
  /** Paragraph, heading and code lines, without their line endings. */
  readonly lines: string[];
  /** Fenced code: the unescaped info string. */
  readonly info: Map<number, string>;
}

const COLUMNS = [
  'type',
  'parent',
  'firstChild',
  'lastChild',
  'next',
  'previous',
  'depth',
  'flags',
  'startLine',
  'marker',
  'size',
  'markerOffset',
  'padding',
  'firstLine',
  'lineCount',
] as const;

/** A tree holding only the open document (block 0). */
export function createBlockTree(capacity = 64): BlockTree {
  const tree = {
    count: 0,
    type: new Uint8Array(capacity),
    parent: new Int32Array(capacity),
    firstChild: new Int32Array(capacity),
    lastChild: new Int32Array(capacity),
    next: new Int32Array(capacity),
    previous: new Int32Array(capacity),
    depth: new Uint8Array(capacity),
    flags: new Uint8Array(capacity),
    startLine: new Int32Array(capacity),
    marker: new Uint8Array(capacity),
    size: new Int32Array(capacity),
    markerOffset: new Int32Array(capacity),
    padding: new Int32Array(capacity),
    firstLine: new Int32Array(capacity),
    lineCount: new Int32Array(capacity),
    lines: [],
    info: new Map(),
  };
  addBlock(tree, BlockType.Document, -1, 0);
  return tree;
}

/** A new open block, appended to `parent`'s children; returns it. */
export function addBlock(tree: BlockTree, type: BlockType, parent: number, line: number): number {
  if (tree.count === tree.type.length) {
    for (const key of COLUMNS) {
      const column = tree[key];
      const bigger = new (column.constructor as new (length: number) => typeof column)(
        column.length * 2,
      );
      bigger.set(column);
      (tree[key] as typeof column) = bigger;
    }
  }
  const block = tree.count++;
  tree.type[block] = type;
  tree.parent[block] = parent;
  tree.firstChild[block] = -1;
  tree.lastChild[block] = -1;
  tree.next[block] = -1;
  tree.flags[block] = OPEN;
  tree.startLine[block] = line;
  tree.lineCount[block] = 0;
  tree.depth[block] = 0;
  if (parent >= 0) {
    tree.depth[block] =
      tree.depth[parent]! + (type === BlockType.Quote || type === BlockType.Item ? 1 : 0);
    const last = tree.lastChild[parent]!;
    tree.previous[block] = last;
    if (last < 0) tree.firstChild[parent] = block;
    else tree.next[last] = block;
    tree.lastChild[parent] = block;
  }
  return block;
}

/** Takes a block (the last child of its parent) out of the tree. */
export function removeBlock(tree: BlockTree, block: number): void {
  const parent = tree.parent[block]!;
  const previous = tree.previous[block]!;
  tree.lastChild[parent] = previous;
  if (previous < 0) tree.firstChild[parent] = -1;
  else tree.next[previous] = -1;
}

/** Appends a line to a leaf, which is the last block opened. */
export function addLine(tree: BlockTree, block: number, line: string): void {
  if (tree.lineCount[block] === 0) tree.firstLine[block] = tree.lines.length;
  tree.lines.push(line);
  tree.lineCount[block]!++;
}

/** A leaf's lines joined by line endings. */
export function blockText(tree: BlockTree, block: number): string {
  const first = tree.firstLine[block]!;
  const count = tree.lineCount[block]!;
  if (count === 0) return '';
  return count === 1 ? tree.lines[first]! : tree.lines.slice(first, first + count).join('\n');
}

/** Replaces a leaf's lines with one line (none for an empty text). */
export function setText(tree: BlockTree, block: number, text: string): void {
  tree.lineCount[block] = 0;
  if (text !== '') addLine(tree, block, text);
}

/** Whether a block's flag is set. */
export function hasFlag(tree: BlockTree, block: number, flag: number): boolean {
  return (tree.flags[block]! & flag) !== 0;
}

/** Sets or clears a block's flag. */
export function setFlag(tree: BlockTree, block: number, flag: number, on: boolean): void {
  tree.flags[block] = on ? tree.flags[block]! | flag : tree.flags[block]! & ~flag;
}
