/**
 * Splits text into pieces of at most `size` UTF-16 units, never inside a surrogate pair (a piece
 * of one unit that would end on a pair's first half takes the whole pair). An empty text is one
 * empty piece.
 */
export function splitText(text: string, size: number): string[] {
  if (text === '') return [''];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + Math.max(1, size));
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end += end - 1 > start ? -1 : 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
