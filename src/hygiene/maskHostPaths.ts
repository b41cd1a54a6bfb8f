import { mapJson } from '../json/mapJson';
import type { Finding } from '../results/replyResult';

/** One sensitive root of the host and what a path under it is rewritten to. */
export interface HostRoot {
  /** An absolute path: `/srv/app`, `/home/bot`, `C:\\Users\\bot`. */
  readonly root: string;
  /** What replaces the root: `.` for the project, `~` for home, `$TMPDIR` for temp. */
  readonly replacement: string;
}

/** The host-path policy: the roots whose paths never reach the user. */
export interface HostPathPolicy {
  readonly roots: readonly HostRoot[];
}

// A path starts after nothing, white space, a quote, a bracket, `=`, `:` or `file://`; it must not
// be the tail of a longer path or a word.
const PATH_CHAR = /[A-Za-z0-9._~/\\-]/;

/**
 * Rewrites every absolute path under a registered root, in every string and member name,
 * relative to it (`/srv/app/src/a.ts` → `./src/a.ts`, `/home/bot/notes` → `~/notes`), and
 * reports each with its pointer (never the path). Roots are matched on whole path segments, `/`
 * or `\` alike. `collisions` lists objects in which a rewritten name met another (see `mapJson`).
 */
export function maskHostPaths<T>(
  value: T,
  policy: HostPathPolicy,
): { value: T; findings: Finding[]; collisions: string[] } {
  const roots = policy.roots
    .map((entry) => ({ ...entry, root: entry.root.replace(/[\\/]+$/, '') }))
    .filter((entry) => entry.root.length > 1)
    .sort((a, b) => b.root.length - a.root.length); // the most specific root wins
  const findings: Finding[] = [];
  const rewrite = (memberName: boolean) => (text: string, path: string) => {
    let out = text;
    for (const { root, replacement } of roots) {
      out = rewriteRoot(out, root, replacement, () =>
        findings.push({
          code: 'HOST_PATH_MASKED',
          rule: 'host-path',
          path,
          ...(memberName ? { memberName: true as const } : {}),
        }),
      );
    }
    return out;
  };
  const masked = mapJson(value, { string: rewrite(false), name: rewrite(true) });
  return { value: masked.value, findings, collisions: masked.collisions };
}

function rewriteRoot(text: string, root: string, replacement: string, found: () => void): string {
  const forms = new Set([root, root.replace(/\\/g, '/'), root.replace(/\//g, '\\')]);
  let out = text;
  for (const form of forms) {
    // Windows paths compare without case; lower-casing must keep offsets (a few letters grow).
    const lower = out.toLowerCase();
    const windows = /^[A-Za-z]:/.test(form) && lower.length === out.length;
    const haystack = windows ? lower : out;
    const needle = windows ? form.toLowerCase() : form;
    let result = '';
    let last = 0;
    for (
      let at = haystack.indexOf(needle);
      at !== -1;
      at = haystack.indexOf(needle, at + needle.length)
    ) {
      const before = out[at - 1];
      const after = out[at + needle.length];
      const fileUrl = out.slice(Math.max(0, at - 7), at) === 'file://';
      const startsPath = before === undefined || !PATH_CHAR.test(before) || fileUrl;
      const endsSegment =
        after === undefined || after === '/' || after === '\\' || !PATH_CHAR.test(after);
      if (!startsPath || !endsSegment) continue;
      // A file:// URL of a host path becomes the relative path itself.
      result += out.slice(last, fileUrl ? at - 7 : at) + replacement;
      last = at + needle.length;
      found();
    }
    out = result + out.slice(last);
  }
  return out;
}
