/**
 * The 1-based line and column of a UTF-16 offset. Computed only when an issue is reported,
 * so the parser's hot path never tracks lines. A CRLF pair counts as one line break.
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const stop = Math.min(offset, text.length);
  for (let i = 0; i < stop; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
