import { mapJson } from '../json/mapJson';
import { type TextStream, textStream } from '../leaks/textStream';
import type { Finding } from '../results/replyResult';
import { HIDDEN_CHARACTER, removeHiddenCharacters } from '../text/removeHiddenCharacters';

/** A value without hidden characters, its text stream, what was removed where, and names that became equal. */
export interface StrippedValue<T> {
  readonly value: T;
  /** The text stream of `value` (the scanners read it next). */
  readonly stream: TextStream;
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
 * (`bidi-control`, `invisible-character`). One search of the value's text stream decides whether
 * there is anything to do; `names: false` is for a validated segment reply (see `textStream`).
 *
 * @example
 * stripHiddenCharacters({ text: 'evil\u202Etxt.exe' }).value; // { text: 'eviltxt.exe' }
 */
export function stripHiddenCharacters<T>(value: T, names = true): StrippedValue<T> {
  const findings: Finding[] = [];
  const stream = textStream(value, names);
  if (!HIDDEN_CHARACTER.test(stream.text)) return { value, stream, findings, collisions: [] };
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
  return {
    value: mapped.value,
    stream: textStream(mapped.value, names),
    findings,
    collisions: mapped.collisions,
  };
}
