import { type Rows, addRow, createRows, rowField, setRowField } from './rows';

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

/** What a block's row holds, at these offsets; `Width` is the row's length. */
export const enum Field {
  Type,
  Parent,
  FirstChild,
  LastChild,
  Next,
  Previous,
  /** Containers open at once above and including this one (the document is 0). */
  Depth,
  /** 1 once closed; 1 when its last line was blank; lists: 1 when tight (no blank line between
   * items or their blocks). */
  Closed,
  LastLineBlank,
  Tight,
  /** The line it started on (an item that starts empty may not take a blank line next). */
  StartLine,
  /** Lists and items: `-`, `+`, `*`, or `.`/`)` for ordered ones; code: the fence character. */
  Marker,
  /** Heading: its level. Ordered list: its first number. Code: its fence length (0: indented). */
  Size,
  /** Items: the column of the marker and the width to the content. Code: the fence's indent. */
  MarkerOffset,
  Padding,
  /** Leaves: where their lines start in `lines`, and how many. */
  FirstLine,
  LineCount,
  Width,
}

/**
 * A document's blocks as records of one typed array rather than an object per block: a list item
 * on every line of a long reply makes no garbage and nothing for the collector to trace, so such
 * a reply costs about what an ordinary one does. A block is its record's index (the document is
 * 0; -1 is none); children are a list of siblings. A leaf's lines are a run of `lines`: only the
 * deepest open block takes lines, and it is the last block opened.
 */
export interface BlockTree extends Rows {
  /** Paragraph, heading and code lines, without their line endings. */
  readonly lines: string[];
  /** Fenced code: the unescaped info string. */
  readonly info: Map<number, string>;
}

/** A tree holding only the open document (block 0). */
export function createBlockTree(): BlockTree {
  const tree: BlockTree = { ...createRows(Field.Width, 64), lines: [], info: new Map() };
  addBlock(tree, BlockType.Document, -1, 0);
  return tree;
}

/** A new open block, appended to `parent`'s children; returns it. */
export function addBlock(tree: BlockTree, type: BlockType, parent: number, line: number): number {
  const block = addRow(tree);
  const set = (field: Field, value: number) => setRowField(tree, block, field, value);
  set(Field.Type, type);
  set(Field.Parent, parent);
  set(Field.FirstChild, -1);
  set(Field.LastChild, -1);
  set(Field.Next, -1);
  set(Field.StartLine, line);
  if (parent >= 0) {
    const depth = rowField(tree, parent, Field.Depth);
    set(Field.Depth, type === BlockType.Quote || type === BlockType.Item ? depth + 1 : depth);
    const last = rowField(tree, parent, Field.LastChild);
    set(Field.Previous, last);
    if (last < 0) setRowField(tree, parent, Field.FirstChild, block);
    else setRowField(tree, last, Field.Next, block);
    setRowField(tree, parent, Field.LastChild, block);
  }
  return block;
}

/** Takes a block (the last child of its parent) out of the tree. */
export function removeBlock(tree: BlockTree, block: number): void {
  const parent = rowField(tree, block, Field.Parent);
  const previous = rowField(tree, block, Field.Previous);
  setRowField(tree, parent, Field.LastChild, previous);
  if (previous < 0) setRowField(tree, parent, Field.FirstChild, -1);
  else setRowField(tree, previous, Field.Next, -1);
}

/** Appends a line to a leaf, which is the last block opened. */
export function addLine(tree: BlockTree, block: number, line: string): void {
  const count = rowField(tree, block, Field.LineCount);
  if (count === 0) setRowField(tree, block, Field.FirstLine, tree.lines.length);
  tree.lines.push(line);
  setRowField(tree, block, Field.LineCount, count + 1);
}

/** Replaces a leaf's lines with one line (none for an empty text). */
export function setText(tree: BlockTree, block: number, text: string): void {
  setRowField(tree, block, Field.LineCount, 0);
  if (text !== '') addLine(tree, block, text);
}

/** A leaf's lines joined by line endings. */
export function blockText(tree: BlockTree, block: number): string {
  const first = rowField(tree, block, Field.FirstLine);
  return tree.lines.slice(first, first + rowField(tree, block, Field.LineCount)).join('\n');
}
