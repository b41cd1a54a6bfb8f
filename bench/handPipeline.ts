// The pipeline a user would write instead of checkReply, for the bench's like-for-like column
// (issue 20): JSON.parse, valibot's safeParse of the same segment schema, then secretlint over
// the strings of the parsed reply. It stops at the first step that refuses, as such code would.
import * as v from 'valibot';
import { secretlintFindings } from './secretlintFindings';

/** How the pipeline scans the reply's strings: joined by newlines into one text, or one by one. */
export type ScanMode = 'joined' | 'one by one';

/** What the pipeline decided: deliverable or not, and at which step it stopped. */
export interface PipelineVerdict {
  readonly ok: boolean;
  readonly step: 'JSON.parse' | 'safeParse' | 'secretlint';
  readonly findings: number;
}

/** Every string in a parsed JSON value (member names aside), depth first. */
export function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringsOf(item, into);
  return into;
}

/** Counts secretlint's findings in the strings, scanned as `mode` says. */
export async function scanStrings(strings: readonly string[], mode: ScanMode): Promise<number> {
  if (mode === 'joined') return secretlintFindings(strings.join('\n'));
  let findings = 0;
  for (const text of strings) findings += await secretlintFindings(text);
  return findings;
}

/** The pipeline for a valibot schema: a reply text in, a verdict out. */
export function handPipeline(
  schema: v.GenericSchema,
  mode: ScanMode = 'joined',
): (text: string) => Promise<PipelineVerdict> {
  return async (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return { ok: false, step: 'JSON.parse', findings: 0 };
    }
    const parsed = v.safeParse(schema, value);
    if (!parsed.success) return { ok: false, step: 'safeParse', findings: 0 };
    const findings = await scanStrings(stringsOf(parsed.output), mode);
    return { ok: findings === 0, step: 'secretlint', findings };
  };
}
