import {
  BlockType,
  type BlockTree,
  addBlock,
  blockText,
  removeBlock,
  setText,
  Field,
} from './block';
import { rowField, setRowField } from './rows';
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
  /** Where the last line set `LastLineBlank` up the tree, and to what. */
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
  while (!canContain(rowField(tree, parser.tip, Field.Type), type)) finalize(parser, parser.tip);
  const block = addBlock(tree, type, parser.tip, parser.lineNumber);
  parser.tip = block;
  return block;
}

/** Closes the blocks this line did not continue, once it is clear it is no lazy line. */
export function closeUnmatched(parser: BlockParser): void {
  if (parser.allClosed) return;
  while (parser.oldTip !== parser.lastMatched) {
    const parent = rowField(parser.tree, parser.oldTip, Field.Parent);
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
  if (rowField(tree, block, Field.LineCount) === 0) return false;
  // Definitions open a paragraph: without a `[` first there is nothing to take.
  if (tree.lines[rowField(tree, block, Field.FirstLine)]!.charCodeAt(0) !== 0x5b) return true;
  const content = takeDefinitions(blockText(tree, block), parser.definitions);
  setText(tree, block, content);
  return !isBlank(content);
}

/** Closes a block: definitions leave paragraphs, code loses trailing blank lines, lists learn
 * whether they are tight. */
export function finalize(parser: BlockParser, block: number): void {
  const { tree } = parser;
  setRowField(tree, block, Field.Closed, 1);
  const type = rowField(tree, block, Field.Type);
  if (type === BlockType.Paragraph) {
    if (!takeParagraphDefinitions(parser, block)) removeBlock(tree, block);
  } else if (type === BlockType.Code && rowField(tree, block, Field.Size) === 0) {
    const first = rowField(tree, block, Field.FirstLine);
    while (
      rowField(tree, block, Field.LineCount) > 0 &&
      isBlank(tree.lines[first + rowField(tree, block, Field.LineCount) - 1]!)
    ) {
      setRowField(tree, block, Field.LineCount, rowField(tree, block, Field.LineCount) - 1);
    }
  } else if (type === BlockType.List) {
    setRowField(tree, block, Field.Tight, isTight(tree, block) ? 1 : 0);
  }
  const parent = rowField(tree, block, Field.Parent);
  parser.tip = parent < 0 ? block : parent;
}

/** Whether a text is only spaces, tabs and line endings. */
export function isBlank(text: string): boolean {
  return !/[^ \t\n]/.test(text);
}

// A list is loose when a blank line separates two of its items, or two blocks of one item.
function isTight(tree: BlockTree, list: number): boolean {
  for (
    let item = rowField(tree, list, Field.FirstChild);
    item >= 0;
    item = rowField(tree, item, Field.Next)
  ) {
    if (rowField(tree, item, Field.Next) >= 0 && endsWithBlankLine(tree, item)) return false;
    for (
      let child = rowField(tree, item, Field.FirstChild);
      child >= 0;
      child = rowField(tree, child, Field.Next)
    ) {
      if (rowField(tree, child, Field.Next) >= 0 && endsWithBlankLine(tree, child)) return false;
    }
  }
  return true;
}

// Whether the last line of a block was blank, looking into the last item of nested lists.
function endsWithBlankLine(tree: BlockTree, block: number): boolean {
  for (let current = block; current >= 0; current = rowField(tree, current, Field.LastChild)) {
    if (rowField(tree, current, Field.LastLineBlank)) return true;
    const type = rowField(tree, current, Field.Type);
    if (type !== BlockType.List && type !== BlockType.Item) return false;
  }
  return false;
}
