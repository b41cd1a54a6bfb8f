import { mapJson } from '../json/mapJson';
import type { Finding } from '../results/replyResult';
import { HIDDEN_CHARACTER, removeHiddenCharacters } from '../text/removeHiddenCharacters';

/** A value without hidden characters, what was removed where, and names that became equal. */
export interface StrippedValue<T> {
  readonly value: T;
  readonly findings: Finding[];
  /** Pointers of objects in which two member names became one (see `mapJson`). */
  readonly collisions: string[];
}

/**
 * Removes bidirectional controls, invisible controls and stray tag characters from every string
 * and member name of a value (see `removeHiddenCharacters`), so that what any client displays is
 * what the scanners read: a secret written backwards behind U+202E is delivered as the harmless
 * reversed text, a share title or file name cannot display another host or extension, and no
 * direction runs on into the next segment. Each string changed is one finding per kind
 * (`bidi-control`, `invisible-character`).
 *
 * @example
 * stripHiddenCharacters({ text: 'evil\u202Etxt.exe' }).value; // { text: 'eviltxt.exe' }
 */
export function stripHiddenCharacters<T>(value: T): StrippedValue<T> {
  const findings: Finding[] = [];
  if (!hasHidden(value)) return { value, findings, collisions: [] };
  const clean = (text: string, path: string, memberName: boolean): string => {
    const removed = removeHiddenCharacters(text);
    if (!removed) return text;
    const where = memberName ? { path, memberName: true as const } : { path };
    if (removed.bidi)
      findings.push({ code: 'HIDDEN_CHARACTERS_REMOVED', rule: 'bidi-control', ...where });
    if (removed.invisible)
      findings.push({ code: 'HIDDEN_CHARACTERS_REMOVED', rule: 'invisible-character', ...where });
    return removed.text;
  };
  const mapped = mapJson(value, {
    string: (text, path) => clean(text, path, false),
    name: (name, path) => clean(name, path, true),
  });
  return { value: mapped.value, findings, collisions: mapped.collisions };
}

/** A walk without pointers or copies: most values have nothing to strip. */
function hasHidden(node: unknown): boolean {
  if (typeof node === 'string') return HIDDEN_CHARACTER.test(node);
  if (Array.isArray(node)) return node.some(hasHidden);
  if (typeof node !== 'object' || node === null) return false;
  for (const key of Object.keys(node)) {
    if (HIDDEN_CHARACTER.test(key) || hasHidden((node as Record<string, unknown>)[key]))
      return true;
  }
  return false;
}
