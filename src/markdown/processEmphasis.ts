import { CAN_CLOSE, CAN_OPEN, type DelimiterTable, Run, addPair } from './delimiterTable';
import { rowField, setRowField } from './rows';

/**
 * Pairs the runs after `bottom` (up to `top`, the last) into emphasis, by CommonMark's algorithm:
 * each closer looks back for the nearest opener of its character; runs between a pair can no
 * longer pair. The lowest place a closer of each kind may look is remembered, so the whole is
 * linear. The runs above `bottom` leave the list.
 */
export function processEmphasis(table: DelimiterTable, bottom: number, top: number): void {
  const { runs } = table;
  const get = (run: number, field: Run) => rowField(runs, run, field);
  const set = (run: number, field: Run, value: number) => setRowField(runs, run, field, value);
  // Per kind of closer (character, can it open, length mod 3): the run openers must be above.
  const floors = [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1];
  let closer = bottom >= 0 ? get(bottom, Run.Next) : top;
  if (bottom < 0)
    while (closer >= 0 && get(closer, Run.Previous) >= 0) closer = get(closer, Run.Previous);
  while (closer >= 0) {
    const closerFlags = get(closer, Run.Flags);
    if (!(closerFlags & CAN_CLOSE)) {
      closer = get(closer, Run.Next);
      continue;
    }
    const kind =
      (get(closer, Run.Char) === 0x2a ? 0 : 6) +
      (closerFlags & CAN_OPEN ? 3 : 0) +
      (get(closer, Run.Length) % 3);
    const floor = Math.max(bottom, floors[kind]!);
    let opener = get(closer, Run.Previous);
    while (opener > floor && !pairs(table, opener, closer)) opener = get(opener, Run.Previous);
    if (opener > floor) {
      const use = get(opener, Run.Count) >= 2 && get(closer, Run.Count) >= 2 ? 2 : 1;
      addPair(table, opener, closer, use);
      set(opener, Run.Count, get(opener, Run.Count) - use);
      set(closer, Run.Count, get(closer, Run.Count) - use);
      // Runs between the pair can no longer pair.
      set(opener, Run.Next, closer);
      set(closer, Run.Previous, opener);
      if (get(opener, Run.Count) === 0) unlink(table, opener);
      if (get(closer, Run.Count) === 0) {
        const after = get(closer, Run.Next);
        unlink(table, closer);
        closer = after;
      }
    } else {
      floors[kind] = closer - 1;
      const after = get(closer, Run.Next);
      if (!(closerFlags & CAN_OPEN)) unlink(table, closer);
      closer = after;
    }
  }
  if (bottom >= 0) set(bottom, Run.Next, -1);
}

function pairs(table: DelimiterTable, opener: number, closer: number): boolean {
  const openerFlags = rowField(table.runs, opener, Run.Flags);
  const char = rowField(table.runs, opener, Run.Char);
  if (char !== rowField(table.runs, closer, Run.Char) || !(openerFlags & CAN_OPEN)) return false;
  if (rowField(table.runs, opener, Run.Count) === 0) return false;
  // The rule of 3: a run that can both open and close pairs only when the lengths allow it.
  const closerLength = rowField(table.runs, closer, Run.Length);
  return !(
    (openerFlags & CAN_CLOSE || rowField(table.runs, closer, Run.Flags) & CAN_OPEN) &&
    closerLength % 3 !== 0 &&
    (rowField(table.runs, opener, Run.Length) + closerLength) % 3 === 0
  );
}

function unlink(table: DelimiterTable, run: number): void {
  const before = rowField(table.runs, run, Run.Previous);
  const after = rowField(table.runs, run, Run.Next);
  if (before >= 0) setRowField(table.runs, before, Run.Next, after);
  if (after >= 0) setRowField(table.runs, after, Run.Previous, before);
}
