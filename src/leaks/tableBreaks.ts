import { cutsSecret } from './cutsSecret';
import { type Offsets, push } from './passOutput';
import { lowerCaseWord } from './tokenChars';

const isBlank = (code: number) => code === 0x20 || code === 0x09 || code === 0xa0;
/** A delimiter row's cell: `---`, `:--`, `--:` (blanks aside). */
const DELIMITER = /^\s*:?-+:?\s*$/;

/**
 * The seams between the cells of Markdown tables, read as a reader reads a table, row by row:
 * from each cell to the next in its row, and from a row's last cell to the next row's first
 * (`pipes`: the offsets of every `|`, in order). A seam that cuts a random-looking run of secret
 * characters (`cutsSecret`: a key split across two cells) goes to `breaks` as a pair
 * `[end of a cell's content, start of the next one's)`, in order.
 */
export function tableBreaks(text: string, pipes: Offsets, breaks: Offsets): void {
  let last: [number, number] | undefined; // the content of the last cell read, in this table
  let k = 0;
  while (k < pipes.length) {
    const lineStart = text.lastIndexOf('\n', pipes.list[k]! - 1) + 1;
    let lineEnd = text.indexOf('\n', pipes.list[k]);
    if (lineEnd === -1) lineEnd = text.length;
    let end = k;
    while (end < pipes.length && pipes.list[end]! < lineEnd) end++;
    // A row: two pipes at least; its cells lie between them (and outside them, when written
    // without the outer pipes).
    if (end - k < 2 || (last && lineStart > 0 && !rowBefore(text, lineStart))) last = undefined;
    if (end - k >= 2) {
      const edges = [lineStart - 1];
      for (let j = k; j < end; j++) edges.push(pipes.list[j]!);
      edges.push(lineEnd);
      const cells: [number, number][] = [];
      for (let j = 0; j + 1 < edges.length; j++) {
        let from = edges[j]! + 1;
        let to = edges[j + 1]!;
        while (from < to && isBlank(text.charCodeAt(from))) from++;
        while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
        if (to > from || (j > 0 && j + 2 < edges.length)) cells.push([from, to]);
      }
      if (!cells.every(([from, to]) => DELIMITER.test(text.slice(from, to)) || to === from))
        for (const cell of cells) {
          if (cell[1] === cell[0]) continue;
          // A cell all of secret characters is a piece however short (a key cut after `sk-`),
          // unless it is a word: a label (`key`, `token`) is never glued to the value after it.
          if (
            last &&
            !lowerCaseWord(text, last[0], last[1]) &&
            cutsSecret(text, last[0], last[1], cell[0], cell[1], true)
          ) {
            push(breaks, last[1]);
            push(breaks, cell[0]);
          }
          last = cell;
        }
    }
    k = end;
  }
}

/** True when the line before `lineStart` has a `|`: the row goes on a table. */
function rowBefore(text: string, lineStart: number): boolean {
  const previous = text.lastIndexOf('\n', lineStart - 2) + 1;
  const pipe = text.indexOf('|', previous);
  return pipe !== -1 && pipe < lineStart - 1;
}
