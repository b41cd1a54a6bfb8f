import { LEAK_MASK } from './leakMask';
import type { LeakOptions } from './leakOptions';
import { maskSpans } from './maskSpans';
import { scanTexts } from './scanTexts';

/**
 * `redactText` for many texts in one scan (see `scanTexts`): each text is judged on its own, so a
 * secret cut between two of them is not one.
 */
export function redactTexts(texts: readonly string[], options: LeakOptions = {}): string[] {
  const mask = options.mask ?? LEAK_MASK;
  return scanTexts(texts, options).map((found, index) =>
    found.length === 0 ? texts[index]! : maskSpans(texts[index]!, found, mask),
  );
}
