import { parseJson } from '../src/index';
import type { Finding, Issue, ReplyResult } from '../src/index';
import { lineColumn } from '../src/json/lineColumn';
import { locatePointer } from './locatePointer';

/** How the checked text was read, for the report's positions. */
export interface Checked {
  /** What the report calls the input: the file name, or `<stdin>`. */
  readonly source: string;
  readonly text: string;
  /** Plain-text mode: the input is the one text segment, not JSON. */
  readonly plain: boolean;
}

/**
 * The human summary of a check: the verdict on the first line, then one line per issue and per
 * finding as `source:line:column CODE at /pointer: message`, the way compilers report, so an
 * editor or terminal can jump to it. Positions come from the parser, or from the pointer.
 */
export function formatSummary(result: ReplyResult<unknown>, checked: Checked): string {
  const lines = [verdict(result)];
  const place = placer(checked);
  for (const issue of result.issues)
    lines.push(`  ${place(issue)} ${issue.code} at ${issue.path || '/'}: ${issue.message}`);
  for (const finding of result.findings)
    lines.push(
      `  ${place(finding)} ${finding.code} (${finding.rule}) at ${finding.path || '/'}: changed in place`,
    );
  if (result.status !== 'completed' && result.notice)
    lines.push(
      `  the host would send the notice instead: ${JSON.stringify(result.notice.segments.map((segment) => ('text' in segment.data ? segment.data.text : segment.type)).join(''))}`,
    );
  return `${lines.join('\n')}\n`;
}

function verdict(result: ReplyResult<unknown>): string {
  if (result.status === 'completed') {
    const segments = segmentsOf(result.value);
    const what = segments
      ? `${segments.length} segment${segments.length === 1 ? '' : 's'}${segments.length > 0 ? ` (${segments.join(', ')})` : ''}`
      : `a value that matches ${result.meta.schemaName}`;
    const changed =
      result.findings.length > 0
        ? `, ${result.findings.length} change${result.findings.length === 1 ? '' : 's'} by policy`
        : '';
    return `deliverable: ${what}${changed}`;
  }
  return `refused (${result.status}): ${result.issues.length} issue${result.issues.length === 1 ? '' : 's'}`;
}

function segmentsOf(value: unknown): string[] | undefined {
  const segments = (value as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments) || typeof value !== 'object') return undefined;
  return segments.map((segment) => String((segment as { type?: unknown }).type));
}

/** `source:line:column` of an issue or finding: the parser's position, else the pointer's value. */
function placer(checked: Checked): (item: Issue | Finding) => string {
  const json = !checked.plain && parseJson(checked.text).ok;
  return (item) => {
    let offset: number | undefined;
    if ('line' in item && item.line !== undefined && item.column !== undefined)
      return `${checked.source}:${item.line}:${item.column}`;
    if ('offset' in item && item.offset !== undefined) offset = item.offset;
    else if (checked.plain && 'start' in item && item.start !== undefined) offset = item.start;
    else if (json) offset = locatePointer(checked.text, item.path);
    if (offset === undefined) return checked.source;
    const { line, column } = lineColumn(checked.text, offset);
    return `${checked.source}:${line}:${column}`;
  };
}
