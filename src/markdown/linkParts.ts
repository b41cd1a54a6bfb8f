import { CHAR_REFERENCE, decodeReference } from './charReference';

/** Characters the link scanners may still read; each scanner spends what it reads. */
export interface ScanBudget {
  left: number;
}

const MAX_LABEL = 999;
const MAX_PARENS = 32;
const BACKSLASH = 0x5c;

const isAsciiPunctuation = (code: number) =>
  (code >= 0x21 && code <= 0x2f) ||
  (code >= 0x3a && code <= 0x40) ||
  (code >= 0x5b && code <= 0x60) ||
  (code >= 0x7b && code <= 0x7e);

/** Whether a backslash at `i` escapes the character after it. */
export function escapes(text: string, i: number): boolean {
  return text.charCodeAt(i) === BACKSLASH && isAsciiPunctuation(text.charCodeAt(i + 1));
}

/**
 * A link label at `start` (which holds `[`): the index after its `]`, or -1. At most 999
 * characters, no unescaped bracket inside.
 */
export function scanLabel(text: string, start: number): number {
  const end = Math.min(text.length, start + MAX_LABEL + 2);
  for (let i = start + 1; i < end; i++) {
    if (escapes(text, i)) {
      i++;
      continue;
    }
    const code = text.charCodeAt(i);
    if (code === 0x5b) return -1;
    if (code === 0x5d) return i - start - 1 > MAX_LABEL ? -1 : i + 1;
  }
  return -1;
}

/**
 * A link destination at `start`: `<…>` on one line, or a run without spaces or controls whose
 * parentheses balance (at most 32 deep). The index after it, or -1; an empty raw run is -1.
 */
export function scanDestination(text: string, start: number, budget: ScanBudget): number {
  let i = start;
  if (text.charCodeAt(start) === 0x3c) {
    for (i = start + 1; i < text.length && budget.left-- > 0; i++) {
      if (escapes(text, i)) {
        i++;
        continue;
      }
      const code = text.charCodeAt(i);
      if (code === 0x3e) return i + 1;
      if (code === 0x3c || code === 0x0a || code === 0x0d) return -1;
    }
    return -1;
  }
  let depth = 0;
  for (; i < text.length && budget.left-- > 0; i++) {
    if (escapes(text, i)) {
      i++;
      continue;
    }
    const code = text.charCodeAt(i);
    if (code === 0x28) {
      if (++depth > MAX_PARENS) return -1;
    } else if (code === 0x29) {
      if (depth === 0) break;
      depth--;
    } else if (code <= 0x20 || code === 0x7f) break;
  }
  return i === start || depth !== 0 || budget.left < 0 ? -1 : i;
}

/** A link title at `start`: `"…"`, `'…'` or `(…)`; the index after it, or -1. */
export function scanTitle(text: string, start: number, budget: ScanBudget): number {
  const open = text.charCodeAt(start);
  const close = open === 0x28 ? 0x29 : open;
  if (open !== 0x22 && open !== 0x27 && open !== 0x28) return -1;
  for (let i = start + 1; i < text.length && budget.left-- > 0; i++) {
    if (escapes(text, i)) {
      i++;
      continue;
    }
    const code = text.charCodeAt(i);
    if (code === close) return i + 1;
    if (code === 0x28 && open === 0x28) return -1;
  }
  return -1;
}

/** Past spaces and tabs, and at most one line ending with the spaces and tabs after it. */
export function skipSpaces(text: string, start: number, lineEnding = true): number {
  let i = start;
  while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
  if (lineEnding && text.charCodeAt(i) === 0x0a) {
    i++;
    while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
  }
  return i;
}

/** The text of a destination scanned from `start` to `end`, its angle brackets removed. */
export function destinationText(text: string, start: number, end: number): string {
  return text.charCodeAt(start) === 0x3c ? text.slice(start + 1, end - 1) : text.slice(start, end);
}

/** Backslash escapes and character references decoded (destinations, titles, info strings). */
export function unescapeText(text: string): string {
  if (!/[\\&]/.test(text)) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH && escapes(text, i)) {
      out += text.slice(from, i);
      from = ++i;
    } else if (code === 0x26) {
      CHAR_REFERENCE.lastIndex = i;
      const match = CHAR_REFERENCE.exec(text);
      const value = match ? decodeReference(match[1]!) : undefined;
      if (value !== undefined) {
        out += text.slice(from, i) + value;
        i += match![0].length - 1;
        from = i + 1;
      }
    }
  }
  return out + text.slice(from);
}
