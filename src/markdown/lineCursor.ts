/**
 * A position in the current line, in characters and in columns (tabs stop every 4 columns). A
 * tab partly consumed by a container leaves the rest of its width as spaces for what follows.
 */
export interface LineCursor {
  line: string;
  offset: number;
  column: number;
  /** Whether the last advance stopped inside a tab. */
  partialTab: boolean;
  /** Set by `findNonspace`: the next non-space character and its column, and what lies between. */
  nonspace: number;
  nonspaceColumn: number;
  indent: number;
  blank: boolean;
}

/**
 * Finds the next character that is not a space or tab, from the cursor. Each open container
 * asks again; the answer (an index, and a column, which tab stops make the same from anywhere
 * before it) is kept while the cursor stays in the blanks already read (it only moves forward on
 * a line, and a new line sets `nonspace` to -1), so a long run of blanks is read once per line,
 * not once per container.
 */
export function findNonspace(cursor: LineCursor): void {
  const { line } = cursor;
  if (cursor.offset > cursor.nonspace) {
    let i = cursor.offset;
    let column = cursor.column;
    for (; i < line.length; i++) {
      const code = line.charCodeAt(i);
      if (code === 0x20) column++;
      else if (code === 0x09) column += 4 - (column % 4);
      else break;
    }
    cursor.nonspace = i;
    cursor.nonspaceColumn = column;
  }
  cursor.blank = cursor.nonspace >= line.length;
  cursor.indent = cursor.nonspaceColumn - cursor.column;
}

/** Moves the cursor to the next non-space character found by `findNonspace`. */
export function toNonspace(cursor: LineCursor): void {
  cursor.offset = cursor.nonspace;
  cursor.column = cursor.nonspaceColumn;
  cursor.partialTab = false;
}

/**
 * Advances `count` characters, or with `columns` `count` columns (a tab may be consumed in part).
 */
export function advance(cursor: LineCursor, count: number, columns: boolean): void {
  const { line } = cursor;
  while (count > 0 && cursor.offset < line.length) {
    if (line.charCodeAt(cursor.offset) === 0x09) {
      const toTab = 4 - (cursor.column % 4);
      if (columns) {
        cursor.partialTab = toTab > count;
        const step = Math.min(count, toTab);
        cursor.column += step;
        if (!cursor.partialTab) cursor.offset++;
        count -= step;
      } else {
        cursor.partialTab = false;
        cursor.column += toTab;
        cursor.offset++;
        count--;
      }
    } else {
      cursor.partialTab = false;
      cursor.offset++;
      cursor.column++;
      count--;
    }
  }
}

/** The rest of the line from the cursor, a partly consumed tab given as its remaining spaces. */
export function restOfLine(cursor: LineCursor): string {
  if (!cursor.partialTab) return cursor.line.slice(cursor.offset);
  return ' '.repeat(4 - (cursor.column % 4)) + cursor.line.slice(cursor.offset + 1);
}

/** Whether a character code is a space or a tab. */
export function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}
