import { BlockType, type BlockTree, addLine, createBlockTree, Field } from './block';
import { rowField, setRowField } from './rows';
import { type BlockParser, addChild, closeUnmatched, finalize } from './blockParser';
import { BLOCK_STARTS, MAYBE_SPECIAL, Started } from './blockStarts';
import { advance, findNonspace, isSpaceOrTab, restOfLine, toNonspace } from './lineCursor';
import type { LinkDefinitions } from './linkDefinitions';

/** A parsed document: its block tree (the document is block 0) and its link reference definitions. */
export interface ParsedBlocks {
  readonly tree: BlockTree;
  readonly definitions: LinkDefinitions;
}

/** Whether an open block goes on with this line. */
const enum Continued {
  Yes = 0,
  No = 1,
  /** Yes, and the line is used up (a closing fence). */
  Done = 2,
}

/**
 * The block structure of a Markdown text, by CommonMark's line-by-line strategy: each line is
 * matched against the open containers (at most `maxContainerDepth` of them), then may open new
 * blocks, then lands in a leaf. Linear in the text.
 */
export function parseBlocks(text: string): ParsedBlocks {
  const tree = createBlockTree();
  const parser: BlockParser = {
    cursor: {
      line: '',
      offset: 0,
      column: 0,
      partialTab: false,
      nonspace: 0,
      nonspaceColumn: 0,
      indent: 0,
      blank: false,
    },
    tree,
    definitions: new Map(),
    tip: 0,
    oldTip: 0,
    lastMatched: 0,
    allClosed: true,
    lineNumber: 0,
    lineTaken: false,
    blankSetOn: -1,
    blankSetTo: false,
    steadyBlank: false,
  };
  const lineBreaks = /\r\n?|\n/g;
  let start = 0;
  for (let match = lineBreaks.exec(text); ; match = lineBreaks.exec(text)) {
    const end = match ? match.index : text.length;
    // A final line ending ends the last line; it opens no empty line after it.
    if (match || end > start) incorporateLine(parser, text.slice(start, end));
    if (!match) break;
    start = lineBreaks.lastIndex;
  }
  while (parser.tip !== 0) finalize(parser, parser.tip);
  finalize(parser, 0);
  return { tree, definitions: parser.definitions };
}

function continues(parser: BlockParser, block: number): Continued {
  const { cursor, tree } = parser;
  switch (rowField(tree, block, Field.Type)) {
    case BlockType.Quote:
      if (cursor.indent >= 4 || cursor.line.charCodeAt(cursor.nonspace) !== 0x3e) {
        return Continued.No;
      }
      toNonspace(cursor);
      advance(cursor, 1, false);
      if (isSpaceOrTab(cursor.line.charCodeAt(cursor.offset))) advance(cursor, 1, true);
      return Continued.Yes;
    case BlockType.Item: {
      if (cursor.blank) {
        // An item may start with one blank line, not two.
        if (rowField(tree, block, Field.FirstChild) < 0) return Continued.No;
        toNonspace(cursor);
        return Continued.Yes;
      }
      const width =
        rowField(tree, block, Field.MarkerOffset) + rowField(tree, block, Field.Padding);
      if (cursor.indent < width) return Continued.No;
      advance(cursor, width, true);
      return Continued.Yes;
    }
    case BlockType.Code:
      return continuesCode(parser, block);
    case BlockType.Paragraph:
      return cursor.blank ? Continued.No : Continued.Yes;
    case BlockType.Heading:
    case BlockType.Break:
      return Continued.No;
    default:
      return Continued.Yes;
  }
}

function continuesCode(parser: BlockParser, block: number): Continued {
  const { cursor, tree } = parser;
  if (rowField(tree, block, Field.Size) === 0) {
    if (cursor.indent >= 4) advance(cursor, 4, true);
    else if (cursor.blank) toNonspace(cursor);
    else return Continued.No;
    return Continued.Yes;
  }
  if (cursor.indent < 4 && isClosingFence(cursor.line, cursor.nonspace, tree, block)) {
    finalize(parser, block);
    return Continued.Done;
  }
  // The content loses as much indentation as the opening fence had.
  let indent = rowField(tree, block, Field.MarkerOffset);
  while (indent-- > 0 && isSpaceOrTab(cursor.line.charCodeAt(cursor.offset))) {
    advance(cursor, 1, true);
  }
  return Continued.Yes;
}

function isClosingFence(line: string, start: number, tree: BlockTree, block: number): boolean {
  const marker = rowField(tree, block, Field.Marker);
  let i = start;
  while (line.charCodeAt(i) === marker) i++;
  if (i - start < rowField(tree, block, Field.Size)) return false;
  while (isSpaceOrTab(line.charCodeAt(i))) i++;
  return i >= line.length;
}

const acceptsLines = (type: BlockType) => type === BlockType.Paragraph || type === BlockType.Code;

function incorporateLine(parser: BlockParser, line: string): void {
  const { cursor, tree } = parser;
  // A blank line after a blank line that left only blocks open which take blank lines (lists,
  // items with content) changes nothing but the line count: skip matching the whole chain again.
  const blankLine = !/[^ \t]/.test(line);
  const steady = parser.steadyBlank;
  parser.steadyBlank = false;
  if (steady && blankLine) {
    parser.lineNumber++;
    parser.steadyBlank = true;
    return;
  }
  cursor.line = line;
  cursor.nonspace = -1;
  cursor.offset = 0;
  cursor.column = 0;
  cursor.blank = false;
  cursor.partialTab = false;
  parser.lineNumber++;
  parser.lineTaken = false;
  parser.oldTip = parser.tip;

  // 1. Which open blocks does the line continue?
  let container = 0;
  for (
    let last = lastOpenChild(tree, container);
    last >= 0;
    last = lastOpenChild(tree, container)
  ) {
    container = last;
    findNonspace(cursor);
    const result = continues(parser, container);
    if (result === Continued.Done) return;
    if (result === Continued.No) {
      container = rowField(tree, container, Field.Parent);
      break;
    }
  }
  parser.allClosed = container === parser.oldTip;
  parser.lastMatched = container;

  // 2. Does it open new blocks?
  let matchedLeaf = rowField(tree, container, Field.Type) === BlockType.Code;
  while (!matchedLeaf) {
    findNonspace(cursor);
    if (cursor.indent < 4 && !MAYBE_SPECIAL.test(line.charAt(cursor.nonspace))) {
      toNonspace(cursor);
      break;
    }
    let started = Started.No;
    for (const blockStart of BLOCK_STARTS) {
      started = blockStart(parser, container);
      if (started !== Started.No) break;
    }
    if (started === Started.No) {
      toNonspace(cursor);
      break;
    }
    container = parser.tip;
    if (started === Started.Leaf) matchedLeaf = true;
  }

  // 3. Where does the rest of the line go?
  if (
    !parser.allClosed &&
    !cursor.blank &&
    rowField(tree, parser.tip, Field.Type) === BlockType.Paragraph
  ) {
    // A lazy continuation line.
    addLine(tree, parser.tip, restOfLine(cursor));
    return;
  }
  closeUnmatched(parser);
  const type = rowField(tree, container, Field.Type);
  if (cursor.blank && rowField(tree, container, Field.LastChild) >= 0) {
    setRowField(tree, rowField(tree, container, Field.LastChild), Field.LastLineBlank, 1);
  }
  const lastLineBlank =
    cursor.blank &&
    !(
      type === BlockType.Quote ||
      (type === BlockType.Code && rowField(tree, container, Field.Size) > 0) ||
      (type === BlockType.Item &&
        rowField(tree, container, Field.FirstChild) < 0 &&
        rowField(tree, container, Field.StartLine) === parser.lineNumber)
    );
  // Bounded by the container depth; a run of blank lines in one place sets it once.
  if (container !== parser.blankSetOn || lastLineBlank !== parser.blankSetTo) {
    for (let block = container; block >= 0; block = rowField(tree, block, Field.Parent)) {
      setRowField(tree, block, Field.LastLineBlank, lastLineBlank ? 1 : 0);
    }
    parser.blankSetOn = container;
    parser.blankSetTo = lastLineBlank;
  }
  if (acceptsLines(type)) {
    if (!parser.lineTaken) addLine(tree, container, restOfLine(cursor));
  } else if (!cursor.blank && type !== BlockType.Heading && type !== BlockType.Break) {
    addLine(tree, addChild(parser, BlockType.Paragraph), restOfLine(cursor));
  }
  // Code keeps every blank line as content, so only a tip that is no code is steady.
  parser.steadyBlank = blankLine && parser.tip === container && type !== BlockType.Code;
}

function lastOpenChild(tree: BlockTree, block: number): number {
  const last = rowField(tree, block, Field.LastChild);
  return last >= 0 && !rowField(tree, last, Field.Closed) ? last : -1;
}
