import { CAN_CLOSE, CAN_OPEN, type DelimiterTable, addPair } from './delimiterTable';

/**
 * Pairs the runs after `bottom` (up to `top`, the last) into emphasis, by CommonMark's algorithm:
 * each closer looks back for the nearest opener of its character; runs between a pair can no
 * longer pair. The lowest place a closer of each kind may look is remembered, so the whole is
 * linear. The runs above `bottom` leave the list.
 */
export function processEmphasis(table: DelimiterTable, bottom: number, top: number): void {
  const { previous, next, count, flags, char, length } = table;
  // Per kind of closer (character, can it open, length mod 3): the run openers must be above.
  const floors = [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1];
  let closer = bottom >= 0 ? next[bottom]! : top;
  if (bottom < 0) while (closer >= 0 && previous[closer]! >= 0) closer = previous[closer]!;
  while (closer >= 0) {
    const closerFlags = flags[closer]!;
    if (!(closerFlags & CAN_CLOSE)) {
      closer = next[closer]!;
      continue;
    }
    const kind =
      (char[closer] === 0x2a ? 0 : 6) + (closerFlags & CAN_OPEN ? 3 : 0) + (length[closer]! % 3);
    const floor = Math.max(bottom, floors[kind]!);
    let opener = previous[closer]!;
    while (opener > floor && !pairs(table, opener, closer)) opener = previous[opener]!;
    if (opener > floor) {
      const use = count[opener]! >= 2 && count[closer]! >= 2 ? 2 : 1;
      addPair(table, opener, closer, use);
      count[opener] = count[opener]! - use;
      count[closer] = count[closer]! - use;
      // Runs between the pair can no longer pair.
      next[opener] = closer;
      previous[closer] = opener;
      if (count[opener] === 0) unlink(table, opener);
      if (count[closer] === 0) {
        const after = next[closer]!;
        unlink(table, closer);
        closer = after;
      }
    } else {
      floors[kind] = closer - 1;
      const after = next[closer]!;
      if (!(closerFlags & CAN_OPEN)) unlink(table, closer);
      closer = after;
    }
  }
  if (bottom >= 0) next[bottom] = -1;
}

function pairs(table: DelimiterTable, opener: number, closer: number): boolean {
  const openerFlags = table.flags[opener]!;
  if (table.char[opener] !== table.char[closer] || !(openerFlags & CAN_OPEN)) return false;
  if (table.count[opener] === 0) return false;
  // The rule of 3: a run that can both open and close pairs only when the lengths allow it.
  const closerLength = table.length[closer]!;
  return !(
    (openerFlags & CAN_CLOSE || table.flags[closer]! & CAN_OPEN) &&
    closerLength % 3 !== 0 &&
    (table.length[opener]! + closerLength) % 3 === 0
  );
}

function unlink(table: DelimiterTable, run: number): void {
  const before = table.previous[run]!;
  const after = table.next[run]!;
  if (before >= 0) table.next[before] = after;
  if (after >= 0) table.previous[after] = before;
}
