// Past this length a text is replaced in pieces: one `replace` over a long text holds every match
// until it ends, and costs more per match the more there are (tens of thousands in a long reply).
const PIECE = 4096;

/**
 * `text` with each match of `special` (a global regex of single characters) replaced by its
 * entry in `replacements`, a long text a piece at a time (linear, whatever the text).
 */
export function replaceInPieces(
  text: string,
  special: RegExp,
  replacements: Readonly<Record<string, string>>,
): string {
  const replace = (part: string) => part.replace(special, (char) => replacements[char]!);
  if (text.length <= PIECE) return replace(text);
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += PIECE) parts.push(replace(text.slice(at, at + PIECE)));
  return parts.join('');
}
