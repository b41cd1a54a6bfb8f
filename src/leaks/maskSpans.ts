import type { TextFinding } from './scanText';

/** Replaces the union of the spans (sorted by start) with the mask. */
export function maskSpans(text: string, spans: readonly TextFinding[], mask: string): string {
  let out = '';
  let at = 0;
  for (const { start, end } of spans) {
    if (end <= at) continue;
    out += text.slice(at, Math.max(at, start)) + (start >= at ? mask : '');
    at = end;
  }
  return out + text.slice(at);
}
