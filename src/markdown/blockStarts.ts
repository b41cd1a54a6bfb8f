import { BlockType, setText, Field } from './block';
import { rowField, setRowField } from './rows';
import {
  type BlockParser,
  addChild,
  closeUnmatched,
  takeParagraphDefinitions,
} from './blockParser';
import { advance, isSpaceOrTab, toNonspace } from './lineCursor';
import { unescapeText } from './linkParts';
import { MARKDOWN_LIMITS } from './markdownLimits';
import { trimRun } from './trimRun';

/** What a block start did: nothing, opened a container, or opened a leaf that takes the line. */
export const enum Started {
  No = 0,
  Container = 1,
  Leaf = 2,
}

type BlockStart = (parser: BlockParser, container: number) => Started;

const GT = 0x3e;

function blockQuote(parser: BlockParser, container: number): Started {
  const { cursor } = parser;
  if (cursor.indent >= 4 || cursor.line.charCodeAt(cursor.nonspace) !== GT) return Started.No;
  if (rowField(parser.tree, container, Field.Depth) >= MARKDOWN_LIMITS.maxContainerDepth)
    return Started.No;
  toNonspace(cursor);
  advance(cursor, 1, false);
  if (isSpaceOrTab(cursor.line.charCodeAt(cursor.offset))) advance(cursor, 1, true);
  closeUnmatched(parser);
  addChild(parser, BlockType.Quote);
  return Started.Container;
}

function atxHeading(parser: BlockParser): Started {
  const { cursor } = parser;
  if (cursor.indent >= 4) return Started.No;
  ATX.lastIndex = cursor.nonspace;
  const match = ATX.exec(cursor.line);
  if (!match) return Started.No;
  toNonspace(cursor);
  advance(cursor, match[0].length, false);
  closeUnmatched(parser);
  const heading = addChild(parser, BlockType.Heading);
  setRowField(parser.tree, heading, Field.Size, match[0].trim().length);
  setText(parser.tree, heading, withoutClosingSequence(cursor.line.slice(cursor.offset)));
  cursor.offset = cursor.line.length;
  return Started.Leaf;
}

const ATX = /#{1,6}(?:[ \t]+|$)/y;

/** A heading's text without its closing `#`s: `# a #` is "a", `# a#` keeps its `#`. */
function withoutClosingSequence(text: string): string {
  const trimmed = trimRun(text, isSpaceOrTab, true);
  const open = trimRun(trimmed, (code) => code === 0x23, true);
  return open.length < trimmed.length &&
    (open === '' || isSpaceOrTab(open.charCodeAt(open.length - 1)))
    ? trimRun(open, isSpaceOrTab, true)
    : trimmed;
}

function fencedCode(parser: BlockParser): Started {
  const { cursor } = parser;
  if (cursor.indent >= 4) return Started.No;
  const { line, nonspace } = cursor;
  const marker = line.charCodeAt(nonspace);
  if (marker !== 0x60 && marker !== 0x7e) return Started.No;
  let length = 1;
  while (line.charCodeAt(nonspace + length) === marker) length++;
  // A backtick fence's info string may hold no backtick.
  if (length < 3 || (marker === 0x60 && line.indexOf('`', nonspace + length) >= 0)) {
    return Started.No;
  }
  closeUnmatched(parser);
  const { tree } = parser;
  const code = addChild(parser, BlockType.Code);
  setRowField(tree, code, Field.Size, length);
  setRowField(tree, code, Field.Marker, marker);
  setRowField(tree, code, Field.MarkerOffset, cursor.indent);
  toNonspace(cursor);
  tree.info.set(code, unescapeText(cursor.line.slice(cursor.offset + length).trim()));
  cursor.offset = cursor.line.length;
  parser.lineTaken = true;
  return Started.Leaf;
}

const SETEXT = /(?:=+|-+)[ \t]*$/y;

function setextHeading(parser: BlockParser, container: number): Started {
  const { cursor, tree } = parser;
  if (cursor.indent >= 4 || rowField(tree, container, Field.Type) !== BlockType.Paragraph)
    return Started.No;
  SETEXT.lastIndex = cursor.nonspace;
  const match = SETEXT.exec(cursor.line);
  if (!match) return Started.No;
  closeUnmatched(parser);
  // A paragraph of definitions only is no heading: the underline is then text (or a break).
  if (!takeParagraphDefinitions(parser, container)) return Started.No;
  setRowField(tree, container, Field.Type, BlockType.Heading);
  setRowField(tree, container, Field.Size, match[0][0] === '=' ? 1 : 2);
  cursor.offset = cursor.line.length;
  return Started.Leaf;
}

/** Whether the rest of the line from `start` is a thematic break: three or more `*`, `-` or `_`. */
function isThematicBreak(line: string, start: number): boolean {
  const marker = line.charCodeAt(start);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x5f) return false;
  let count = 0;
  for (let i = start; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (code === marker) count++;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

function thematicBreak(parser: BlockParser): Started {
  const { cursor } = parser;
  if (cursor.indent >= 4 || !isThematicBreak(cursor.line, cursor.nonspace)) return Started.No;
  closeUnmatched(parser);
  addChild(parser, BlockType.Break);
  cursor.offset = cursor.line.length;
  return Started.Leaf;
}

function listItem(parser: BlockParser, container: number): Started {
  const { cursor, tree } = parser;
  if (
    cursor.indent >= 4 ||
    rowField(tree, container, Field.Depth) >= MARKDOWN_LIMITS.maxContainerDepth
  ) {
    return Started.No;
  }
  const { line } = cursor;
  const rest = line.slice(cursor.nonspace, cursor.nonspace + 11);
  const match = /^(?:[*+-]|(\d{1,9})[.)])/.exec(rest);
  if (!match) return Started.No;
  const after = line.charCodeAt(cursor.nonspace + match[0].length);
  if (!Number.isNaN(after) && !isSpaceOrTab(after)) return Started.No;
  const ordered = match[1] !== undefined;
  const start = ordered ? Number(match[1]) : 1;
  // A list interrupts a paragraph only with content, and an ordered one only from 1.
  if (rowField(tree, container, Field.Type) === BlockType.Paragraph) {
    if (ordered && start !== 1) return Started.No;
    if (/^[ \t]*$/.test(line.slice(cursor.nonspace + match[0].length))) return Started.No;
  }
  const marker = match[0].charCodeAt(match[0].length - 1);
  const markerOffset = cursor.indent;
  toNonspace(cursor);
  advance(cursor, match[0].length, true);
  const spacesColumn = cursor.column;
  const spacesOffset = cursor.offset;
  const spacesTab = cursor.partialTab;
  do advance(cursor, 1, true);
  while (cursor.column - spacesColumn < 5 && isSpaceOrTab(line.charCodeAt(cursor.offset)));
  const blankItem = cursor.offset >= line.length;
  const spaces = cursor.column - spacesColumn;
  let padding: number;
  if (spaces >= 5 || spaces < 1 || blankItem) {
    // Content indented 5+ is indented code: the item's content starts one space after the marker.
    padding = match[0].length + 1;
    cursor.column = spacesColumn;
    cursor.offset = spacesOffset;
    cursor.partialTab = spacesTab;
    if (isSpaceOrTab(line.charCodeAt(cursor.offset))) advance(cursor, 1, true);
  } else {
    padding = match[0].length + spaces;
  }
  closeUnmatched(parser);
  const { tip } = parser;
  if (
    rowField(tree, tip, Field.Type) !== BlockType.List ||
    rowField(tree, tip, Field.Marker) !== marker
  ) {
    const list = addChild(parser, BlockType.List);
    setRowField(tree, list, Field.Marker, marker);
    setRowField(tree, list, Field.Size, start);
  }
  const item = addChild(parser, BlockType.Item);
  setRowField(tree, item, Field.Marker, marker);
  setRowField(tree, item, Field.MarkerOffset, markerOffset);
  setRowField(tree, item, Field.Padding, padding);
  return Started.Container;
}

function indentedCode(parser: BlockParser): Started {
  const { cursor } = parser;
  if (
    cursor.indent < 4 ||
    rowField(parser.tree, parser.tip, Field.Type) === BlockType.Paragraph ||
    cursor.blank
  ) {
    return Started.No;
  }
  advance(cursor, 4, true);
  closeUnmatched(parser);
  addChild(parser, BlockType.Code);
  return Started.Leaf;
}

/** The block starts in CommonMark's order of precedence (raw HTML blocks are off). */
export const BLOCK_STARTS: readonly BlockStart[] = [
  blockQuote,
  atxHeading,
  fencedCode,
  setextHeading,
  thematicBreak,
  listItem,
  indentedCode,
];

/** Characters a block start may begin with; any other line starts no block but a paragraph. */
export const MAYBE_SPECIAL = /[#`~*+\-_=>0-9]/;
