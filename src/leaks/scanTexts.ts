import type { LeakOptions } from './leakOptions';
import { leakRulesFor } from './leakRulesFor';
import { scanText, type TextFinding } from './scanText';

// Texts scanned together are kept apart by lines of NULs around a YAML document break: a NUL is
// no token, space or line character, so no rule matches across it; each text starts and ends a
// line of its own (no blank line added after one that ends with a line break), and a manifest
// rule reads each text as a document of its own.
const BREAK = '\u0000\n---\n\u0000\n';

/**
 * The findings in each of many texts (allowed secrets left out), each in its text's own
 * offsets, from one scan, so the fixed cost of a scan is paid once (a refused reply has up to
 * `maxIssues` issues, each a pointer and a message). Each text is judged on its own: no secret is
 * found across two of them.
 */
export function scanTexts(texts: readonly string[], options: LeakOptions = {}): TextFinding[][] {
  // Each distinct text once: the tokens and messages of a refused reply repeat (`segments`, `data`).
  const distinct = [...new Set(texts)];
  const parts: string[] = [];
  const starts: number[] = [];
  let length = 0;
  for (const text of distinct) {
    if (parts.length > 0) {
      const gap = parts[parts.length - 1]!.endsWith('\n') ? BREAK : `\n${BREAK}`;
      parts.push(gap);
      length += gap.length;
    }
    starts.push(length);
    parts.push(text);
    length += text.length;
  }
  const joined = parts.join('');
  const allow = new Set(options.allow ?? []);
  const found = joined
    ? scanText(joined, leakRulesFor(options)).filter(
        (item) => !allow.has(joined.slice(item.start, item.end)),
      )
    : [];
  if (found.length === 0) return texts.map(() => []);
  const byText = new Map<string, TextFinding[]>();
  distinct.forEach((text, index) => {
    const start = starts[index]!;
    const end = start + text.length;
    byText.set(
      text,
      found
        .filter((item) => item.start < end && item.end > start)
        .map((item) => ({
          ...item,
          start: Math.max(item.start, start) - start,
          end: Math.min(item.end, end) - start,
        })),
    );
  });
  return texts.map((text) => byText.get(text)!);
}
