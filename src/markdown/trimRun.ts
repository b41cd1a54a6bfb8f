/**
 * `text` without the characters `at` matches at its end (and at its start, unless `endOnly`):
 * each is read once, where a pattern like `[ \t]+$` would read a run again from each of its
 * characters (quadratic in the run).
 */
export function trimRun(text: string, at: (code: number) => boolean, endOnly = false): string {
  let end = text.length;
  while (end > 0 && at(text.charCodeAt(end - 1))) end--;
  let start = 0;
  if (!endOnly) while (start < end && at(text.charCodeAt(start))) start++;
  return text.slice(start, end);
}
