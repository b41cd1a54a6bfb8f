/** The kinds of block the parser builds (no raw-HTML blocks: raw HTML is text). */
export type BlockType =
  'document' | 'quote' | 'list' | 'item' | 'paragraph' | 'heading' | 'break' | 'code';

/** A block of the document tree: containers hold `children`, leaves hold `lines`. */
export interface Block {
  type: BlockType;
  readonly parent: Block | undefined;
  readonly children: Block[];
  /** Containers open at once above and including this one (the document is 0). */
  readonly depth: number;
  open: boolean;
  lastLineBlank: boolean;
  /** The line it started on (an item that starts empty may not take a blank line next). */
  readonly startLine: number;
  /** Paragraph, heading and code lines, without their line endings. */
  lines: string[];
  /** Heading level; 0 elsewhere. */
  level: number;
  /** Lists and items: `-`, `+`, `*`, or `.`/`)` for ordered ones; code: the fence character. */
  marker: string;
  /** Ordered lists: the first number. */
  start: number;
  /** Lists: no blank line between items or their blocks. */
  tight: boolean;
  /** Items: the column of the marker and the width to the content. Code: the fence's indent. */
  markerOffset: number;
  padding: number;
  /** Fenced code: the fence length (0 for indented code) and the unescaped info string. */
  fence: number;
  info: string;
}

// Leaves hold no blocks and containers no lines: they share one empty (frozen) array.
const NO_BLOCKS = Object.freeze([]) as unknown as Block[];
const NO_LINES = Object.freeze([]) as unknown as string[];
const isContainer = (type: BlockType) =>
  type === 'document' || type === 'quote' || type === 'list' || type === 'item';

/** A new open block, appended to `parent`. */
export function createBlock(type: BlockType, parent: Block | undefined, startLine: number): Block {
  const block: Block = {
    type,
    parent,
    children: isContainer(type) ? [] : NO_BLOCKS,
    depth: parent ? parent.depth + (type === 'quote' || type === 'item' ? 1 : 0) : 0,
    open: true,
    lastLineBlank: false,
    startLine,
    lines: isContainer(type) ? NO_LINES : [],
    level: 0,
    marker: '',
    start: 1,
    tight: true,
    markerOffset: 0,
    padding: 0,
    fence: 0,
    info: '',
  };
  parent?.children.push(block);
  return block;
}
