/** Characters of content per streamed event: a validated reply is released in pieces of this size. */
export const CONTENT_CHUNK = 128;

/** Splits text into pieces of at most `size` UTF-16 units, never inside a surrogate pair. */
export function splitText(text: string, size: number = CONTENT_CHUNK): string[] {
  if (text === '') return [''];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && end - 1 > start && code >= 0xd800 && code <= 0xdbff) end--;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
