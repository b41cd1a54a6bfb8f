import { mapJson } from '../json/mapJson';
import type { Finding } from '../results/replyResult';
import { findLeaks } from './findLeaks';
import { LEAK_MASK } from './leakMask';
import type { LeakOptions } from './leakOptions';
import { maskSpans } from './maskSpans';
import type { TextFinding } from './scanText';
import type { TextStream } from './textStream';

/** A masked copy of a value and what was masked. */
export interface MaskResult<T> {
  readonly value: T;
  readonly findings: Finding[];
  /**
   * Pointers of objects in which a masked member name became equal to another name: the later
   * member is left out of `value`, which is then no reply to deliver (see `mapJson`).
   */
  readonly collisions: string[];
}

/**
 * `maskLeaks` with the value's text stream already built (a reply's policies share one), and
 * the stream's findings when a scan shared with other rules made them.
 */
export function maskLeaksOf<T>(
  value: T,
  stream: TextStream,
  options: LeakOptions,
  found?: readonly TextFinding[],
): MaskResult<T> {
  const findings = findLeaks(stream, options, found);
  if (findings.length === 0) return { value, findings, collisions: [] };
  const strings = new Map<string, TextFinding[]>();
  const names = new Map<string, TextFinding[]>();
  const numbers = new Set<string>();
  for (const finding of findings) {
    if (finding.start === undefined) {
      numbers.add(finding.path);
      continue;
    }
    const spans = finding.memberName ? names : strings;
    const list = spans.get(finding.path) ?? [];
    list.push({ rule: finding.rule, start: finding.start, end: finding.end! });
    spans.set(finding.path, list);
  }
  const mask = options.mask ?? LEAK_MASK;
  const masking = (spans: Map<string, TextFinding[]>) => (text: string, path: string) => {
    const list = spans.get(path);
    return list ? maskSpans(text, list.sort(byStart), mask) : text;
  };
  const masked = mapJson(value, {
    string: masking(strings),
    name: names.size > 0 ? masking(names) : undefined,
    number: numbers.size > 0 ? (number, path) => (numbers.has(path) ? mask : number) : undefined,
  });
  return { value: masked.value, findings, collisions: masked.collisions };
}

const byStart = (a: TextFinding, b: TextFinding) => a.start - b.start || b.end - a.end;
