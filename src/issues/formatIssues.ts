import type { Issue } from './issue';

/**
 * Formats issues for people (logs, a correction prompt): one line each,
 * `CODE at /pointer (line:column): message`.
 */
export function formatIssues(issues: readonly Issue[]): string {
  return issues
    .map((item) => {
      const where = item.path === '' ? 'the root' : item.path;
      const position = item.line === undefined ? '' : ` (line ${item.line}, column ${item.column})`;
      return `- ${item.code} at ${where}${position}: ${item.message}`;
    })
    .join('\n');
}
