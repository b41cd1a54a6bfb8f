import { type Block, type BlockType, createBlock } from './block';
import { type LineCursor } from './lineCursor';
import { type LinkDefinitions, takeDefinitions } from './linkDefinitions';

/** The state of the block parser between lines (CommonMark's "open blocks" strategy). */
export interface BlockParser {
  readonly cursor: LineCursor;
  readonly document: Block;
  readonly definitions: LinkDefinitions;
  /** The deepest open block. */
  tip: Block;
  /** The tip before this line, and the deepest block this line continued. */
  oldTip: Block;
  lastMatched: Block;
  allClosed: boolean;
  lineNumber: number;
  /** Set when a block start consumed the rest of the line (a fence's info string). */
  lineTaken: boolean;
  /** Where the last line set `lastLineBlank` up the tree, and to what. */
  blankSetOn: Block | undefined;
  blankSetTo: boolean;
  /** The last line was blank and left nothing that a further blank line would change. */
  steadyBlank: boolean;
}

const canContain = (parent: BlockType, child: BlockType) =>
  parent === 'list'
    ? child === 'item'
    : (parent === 'document' || parent === 'quote' || parent === 'item') && child !== 'item';

/** Adds a block under the tip, closing blocks that cannot hold it first. */
export function addChild(parser: BlockParser, type: BlockType): Block {
  while (!canContain(parser.tip.type, type)) finalize(parser, parser.tip);
  const block = createBlock(type, parser.tip, parser.lineNumber);
  parser.tip = block;
  return block;
}

/** Closes the blocks this line did not continue, once it is clear it is no lazy line. */
export function closeUnmatched(parser: BlockParser): void {
  if (parser.allClosed) return;
  while (parser.oldTip !== parser.lastMatched) {
    const parent = parser.oldTip.parent!;
    finalize(parser, parser.oldTip);
    parser.oldTip = parent;
  }
  parser.allClosed = true;
}

/** The content of a paragraph with its link reference definitions taken out. */
export function paragraphContent(parser: BlockParser, block: Block): string {
  const { lines } = block;
  // Definitions open a paragraph: without a `[` first there is nothing to take.
  if (lines.length === 0 || lines[0]!.charCodeAt(0) !== 0x5b) return lines.join('\n');
  const content = takeDefinitions(lines.join('\n'), parser.definitions);
  block.lines = content === '' ? [] : [content];
  return content;
}

/** Closes a block: definitions leave paragraphs, code loses trailing blank lines, lists learn
 * whether they are tight. */
export function finalize(parser: BlockParser, block: Block): void {
  block.open = false;
  if (block.type === 'paragraph') {
    if (isBlank(paragraphContent(parser, block))) block.parent!.children.pop();
  } else if (block.type === 'code' && block.fence === 0) {
    const { lines } = block;
    while (lines.length > 0 && /^[ \t]*$/.test(lines[lines.length - 1]!)) lines.pop();
  } else if (block.type === 'list') {
    block.tight = isTight(block);
  }
  parser.tip = block.parent ?? block;
}

/** Whether a text is only spaces, tabs and line endings. */
export function isBlank(text: string): boolean {
  return !/[^ \t\n]/.test(text);
}

// A list is loose when a blank line separates two of its items, or two blocks of one item.
function isTight(list: Block): boolean {
  const items = list.children;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (i < items.length - 1 && endsWithBlankLine(item)) return false;
    const children = item.children;
    for (let j = 0; j < children.length - 1; j++) {
      if (endsWithBlankLine(children[j]!)) return false;
    }
  }
  return true;
}

// Whether the last line of a block was blank, looking into the last item of nested lists.
function endsWithBlankLine(block: Block): boolean {
  let current: Block | undefined = block;
  while (current) {
    if (current.lastLineBlank) return true;
    if (current.type !== 'list' && current.type !== 'item') return false;
    current = current.children[current.children.length - 1];
  }
  return false;
}
