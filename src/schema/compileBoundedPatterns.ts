import { RE2JS } from 're2js';
import type { Issue } from '../issues/issue';
import type { BoundedPattern } from './boundedPattern';
import type { PatternSite } from './schemaOutline';
import { translatePattern } from './translatePattern';

/** The most instructions one compiled pattern may have (`[a-z]{1,1000}` has 2,003). */
export const MAX_PATTERN_SIZE = 4_096;
/** The most instructions all the patterns of one schema may have together. */
export const MAX_PATTERNS_SIZE = 65_536;

/**
 * Compiles a schema's patterns (`pattern`, `patternProperties` names) for the linear-time engine
 * (RE2JS), each source once, or refuses each one it cannot run as ECMAScript would (see
 * translatePattern) with a SCHEMA_MALFORMED issue naming its place. A lazy chunk: only a schema
 * with a pattern loads the engine.
 */
export function compileBoundedPatterns(sites: readonly PatternSite[]): {
  readonly patterns: ReadonlyMap<string, BoundedPattern>;
  readonly issues: Issue[];
} {
  const patterns = new Map<string, BoundedPattern>();
  const refused = new Map<string, string>();
  const issues: Issue[] = [];
  let total = 0;
  for (const site of sites) {
    const known = refused.get(site.source);
    if (known !== undefined) issues.push(malformed(site.path, known));
    if (known !== undefined || patterns.has(site.source)) continue;
    const compiled = compile(site.source);
    if (typeof compiled === 'string') {
      refused.set(site.source, compiled);
      issues.push(malformed(site.path, compiled));
      continue;
    }
    total += compiled.size;
    if (total > MAX_PATTERNS_SIZE) {
      issues.push(
        malformed(
          site.path,
          `the schema's patterns compile to more than ${MAX_PATTERNS_SIZE} instructions together`,
        ),
      );
      break;
    }
    patterns.set(site.source, compiled);
  }
  return { patterns, issues };
}

function compile(source: string): BoundedPattern | string {
  const translated = translatePattern(source);
  if (!translated.ok) return translated.reason;
  let engine: RE2JS;
  try {
    engine = RE2JS.compile(translated.re2);
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : '';
    return `the linear-time engine cannot run it (${why.slice(0, 80)})`;
  }
  const size = engine.programSize();
  if (size > MAX_PATTERN_SIZE)
    return `it compiles to ${size} instructions, more than the ${MAX_PATTERN_SIZE} allowed`;
  return { source, size, test: (text) => engine.test(text) };
}

function malformed(path: string, reason: string): Issue {
  const place = path.length > 120 ? `${path.slice(0, 119)}…` : path;
  return {
    code: 'SCHEMA_MALFORMED',
    path,
    message: `the pattern at ${place} is refused: ${reason}`,
  };
}
