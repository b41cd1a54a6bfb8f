import { type Block, createBlock } from './block';
import { type BlockParser, addChild, closeUnmatched, finalize } from './blockParser';
import { BLOCK_STARTS, MAYBE_SPECIAL, Started } from './blockStarts';
import { advance, findNonspace, isSpaceOrTab, restOfLine, toNonspace } from './lineCursor';
import type { LinkDefinitions } from './linkDefinitions';

/** A parsed document: its block tree and its link reference definitions. */
export interface ParsedBlocks {
  readonly document: Block;
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
  const document = createBlock('document', undefined, 0);
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
    document,
    definitions: new Map(),
    tip: document,
    oldTip: document,
    lastMatched: document,
    allClosed: true,
    lineNumber: 0,
    lineTaken: false,
    blankSetOn: undefined,
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
  while (parser.tip !== document) finalize(parser, parser.tip);
  finalize(parser, document);
  return { document, definitions: parser.definitions };
}

function continues(parser: BlockParser, block: Block): Continued {
  const { cursor } = parser;
  switch (block.type) {
    case 'quote':
      if (cursor.indent >= 4 || cursor.line.charCodeAt(cursor.nonspace) !== 0x3e) {
        return Continued.No;
      }
      toNonspace(cursor);
      advance(cursor, 1, false);
      if (isSpaceOrTab(cursor.line.charCodeAt(cursor.offset))) advance(cursor, 1, true);
      return Continued.Yes;
    case 'item':
      if (cursor.blank) {
        // An item may start with one blank line, not two.
        if (block.children.length === 0) return Continued.No;
        toNonspace(cursor);
        return Continued.Yes;
      }
      if (cursor.indent < block.markerOffset + block.padding) return Continued.No;
      advance(cursor, block.markerOffset + block.padding, true);
      return Continued.Yes;
    case 'code':
      return continuesCode(parser, block);
    case 'paragraph':
      return cursor.blank ? Continued.No : Continued.Yes;
    case 'heading':
    case 'break':
      return Continued.No;
    default:
      return Continued.Yes;
  }
}

function continuesCode(parser: BlockParser, block: Block): Continued {
  const { cursor } = parser;
  if (block.fence === 0) {
    if (cursor.indent >= 4) advance(cursor, 4, true);
    else if (cursor.blank) toNonspace(cursor);
    else return Continued.No;
    return Continued.Yes;
  }
  if (cursor.indent < 4 && isClosingFence(cursor.line, cursor.nonspace, block)) {
    finalize(parser, block);
    return Continued.Done;
  }
  // The content loses as much indentation as the opening fence had.
  let indent = block.markerOffset;
  while (indent-- > 0 && isSpaceOrTab(cursor.line.charCodeAt(cursor.offset))) {
    advance(cursor, 1, true);
  }
  return Continued.Yes;
}

function isClosingFence(line: string, start: number, block: Block): boolean {
  const marker = block.marker.charCodeAt(0);
  let i = start;
  while (line.charCodeAt(i) === marker) i++;
  if (i - start < block.fence) return false;
  while (isSpaceOrTab(line.charCodeAt(i))) i++;
  return i >= line.length;
}

const acceptsLines = (block: Block) => block.type === 'paragraph' || block.type === 'code';

function incorporateLine(parser: BlockParser, line: string): void {
  const { cursor } = parser;
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
  cursor.offset = 0;
  cursor.column = 0;
  cursor.blank = false;
  cursor.partialTab = false;
  parser.lineNumber++;
  parser.lineTaken = false;
  parser.oldTip = parser.tip;

  // 1. Which open blocks does the line continue?
  let container = parser.document;
  for (let last = lastOpenChild(container); last; last = lastOpenChild(container)) {
    container = last;
    findNonspace(cursor);
    const result = continues(parser, container);
    if (result === Continued.Done) return;
    if (result === Continued.No) {
      container = container.parent!;
      break;
    }
  }
  parser.allClosed = container === parser.oldTip;
  parser.lastMatched = container;

  // 2. Does it open new blocks?
  let matchedLeaf = container.type === 'code';
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
  if (!parser.allClosed && !cursor.blank && parser.tip.type === 'paragraph') {
    // A lazy continuation line.
    parser.tip.lines.push(restOfLine(cursor));
    return;
  }
  closeUnmatched(parser);
  if (cursor.blank && container.children.length > 0) {
    container.children[container.children.length - 1]!.lastLineBlank = true;
  }
  const lastLineBlank =
    cursor.blank &&
    !(
      container.type === 'quote' ||
      (container.type === 'code' && container.fence > 0) ||
      (container.type === 'item' &&
        container.children.length === 0 &&
        container.startLine === parser.lineNumber)
    );
  // Bounded by the container depth; a run of blank lines in one place sets it once.
  if (container !== parser.blankSetOn || lastLineBlank !== parser.blankSetTo) {
    for (let block: Block | undefined = container; block; block = block.parent) {
      block.lastLineBlank = lastLineBlank;
    }
    parser.blankSetOn = container;
    parser.blankSetTo = lastLineBlank;
  }
  if (acceptsLines(container)) {
    if (!parser.lineTaken) container.lines.push(restOfLine(cursor));
  } else if (!cursor.blank && container.type !== 'heading' && container.type !== 'break') {
    addChild(parser, 'paragraph').lines.push(restOfLine(cursor));
  }
  // Code keeps every blank line as content, so only a tip that is no code is steady.
  parser.steadyBlank = blankLine && parser.tip === container && container.type !== 'code';
}

function lastOpenChild(block: Block): Block | undefined {
  const last = block.children[block.children.length - 1];
  return last?.open ? last : undefined;
}
