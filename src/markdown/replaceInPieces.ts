/**
 * `text` with each match of `special` (a global regex of single characters) replaced by its
 * entry in `replacements`, 4,096 characters at a time: one `replace` over a long text holds every
 * match until it ends, and costs more per match the more there are (tens of thousands in a long
 * reply); piece by piece it is linear.
 */
export function replaceInPieces(
  text: string,
  special: RegExp,
  replacements: Readonly<Record<string, string>>,
): string {
  return text.replace(/[^]{1,4096}/g, (piece) =>
    piece.replace(special, (char) => replacements[char]!),
  );
}
