import {
  BlockType,
  type BlockTree,
  LAST_LINE_BLANK,
  OPEN,
  TIGHT,
  addBlock,
  blockText,
  hasFlag,
  removeBlock,
  setFlag,
  setText,
} from './block';
import { type LineCursor } from './lineCursor';
import { type LinkDefinitions, takeDefinitions } from './linkDefinitions';

/** The state of the block parser between lines (CommonMark's "open blocks" strategy). */
export interface BlockParser {
  readonly cursor: LineCursor;
  readonly tree: BlockTree;
  readonly definitions: LinkDefinitions;
  /** The deepest open block. */
  tip: number;
  /** The tip before this line, and the deepest block this line continued. */
  oldTip: number;
  lastMatched: number;
  allClosed: boolean;
  lineNumber: number;
  /** Set when a block start consumed the rest of the line (a fence's info string). */
  lineTaken: boolean;
  /** Where the last line set `LAST_LINE_BLANK` up the tree, and to what. */
  blankSetOn: number;
  blankSetTo: boolean;
  /** The last line was blank and left nothing that a further blank line would change. */
  steadyBlank: boolean;
}

const canContain = (parent: BlockType, child: BlockType) =>
  parent === BlockType.List
    ? child === BlockType.Item
    : (parent === BlockType.Document || parent === BlockType.Quote || parent === BlockType.Item) &&
      child !== BlockType.Item;

/** Adds a block under the tip, closing blocks that cannot hold it first. */
export function addChild(parser: BlockParser, type: BlockType): number {
  const { tree } = parser;
  while (!canContain(tree.type[parser.tip]!, type)) finalize(parser, parser.tip);
  const block = addBlock(tree, type, parser.tip, parser.lineNumber);
  parser.tip = block;
  return block;
}

/** Closes the blocks this line did not continue, once it is clear it is no lazy line. */
export function closeUnmatched(parser: BlockParser): void {
  if (parser.allClosed) return;
  while (parser.oldTip !== parser.lastMatched) {
    const parent = parser.tree.parent[parser.oldTip]!;
    finalize(parser, parser.oldTip);
    parser.oldTip = parent;
  }
  parser.allClosed = true;
}

/**
 * Takes the link reference definitions that open a paragraph into `definitions`; whether any text
 * is left of it.
 */
export function takeParagraphDefinitions(parser: BlockParser, block: number): boolean {
  const { tree } = parser;
  if (tree.lineCount[block] === 0) return false;
  // Definitions open a paragraph: without a `[` first there is nothing to take.
  if (tree.lines[tree.firstLine[block]!]!.charCodeAt(0) !== 0x5b) return true;
  const content = takeDefinitions(blockText(tree, block), parser.definitions);
  setText(tree, block, content);
  return !isBlank(content);
}

/** Closes a block: definitions leave paragraphs, code loses trailing blank lines, lists learn
 * whether they are tight. */
export function finalize(parser: BlockParser, block: number): void {
  const { tree } = parser;
  setFlag(tree, block, OPEN, false);
  const type = tree.type[block];
  if (type === BlockType.Paragraph) {
    if (!takeParagraphDefinitions(parser, block)) removeBlock(tree, block);
  } else if (type === BlockType.Code && tree.size[block] === 0) {
    const first = tree.firstLine[block]!;
    while (tree.lineCount[block]! > 0 && isBlank(tree.lines[first + tree.lineCount[block]! - 1]!)) {
      tree.lineCount[block]!--;
    }
  } else if (type === BlockType.List) {
    setFlag(tree, block, TIGHT, isTight(tree, block));
  }
  const parent = tree.parent[block]!;
  parser.tip = parent < 0 ? block : parent;
}

/** Whether a text is only spaces, tabs and line endings. */
export function isBlank(text: string): boolean {
  return !/[^ \t\n]/.test(text);
}

// A list is loose when a blank line separates two of its items, or two blocks of one item.
function isTight(tree: BlockTree, list: number): boolean {
  for (let item = tree.firstChild[list]!; item >= 0; item = tree.next[item]!) {
    if (tree.next[item]! >= 0 && endsWithBlankLine(tree, item)) return false;
    for (let child = tree.firstChild[item]!; child >= 0; child = tree.next[child]!) {
      if (tree.next[child]! >= 0 && endsWithBlankLine(tree, child)) return false;
    }
  }
  return true;
}

// Whether the last line of a block was blank, looking into the last item of nested lists.
function endsWithBlankLine(tree: BlockTree, block: number): boolean {
  for (let current = block; current >= 0; current = tree.lastChild[current]!) {
    if (hasFlag(tree, current, LAST_LINE_BLANK)) return true;
    const type = tree.type[current];
    if (type !== BlockType.List && type !== BlockType.Item) return false;
  }
  return false;
}
