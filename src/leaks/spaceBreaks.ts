import { cutsSecret, isSecretChar, randomLooking } from './cutsSecret';
import { type Offsets, push } from './passOutput';
import { isLower, isSpaceOrNbsp as isSpace, lowerCaseWord } from './tokenChars';

/** How far a keyword's run of secret characters is read before and after it. */
const REACH = 256;
/** How long a chain of pieces is followed (a key of a few hundred characters, wrapped small). */
const CHAIN = 1024;
/** Pieces of one length at least this long, one after another, wrap a secret at that width. */
const MIN_WIDTH = 4;

/**
 * The spaces that wrap a secret written on one line (a key cut every N characters by a space or
 * a no-break space, as a narrow window wraps it): from each keyword hit (`hits`, pairs
 * `[start, entry]` in order), its run of secret characters and the runs after it, each after one
 * space, are read while the space cuts a run that looks random (`cutsSecret`) or the pieces are
 * of one width. Appends the spaces to `breaks` as pairs `[start, end)`, in order. Only where a
 * keyword is: a space between two words of prose is no seam to look at.
 */
export function spaceBreaks(text: string, hits: Offsets, breaks: Offsets): void {
  const n = text.length;
  let done = 0; // the end of the last chain followed
  for (let k = 0; k < hits.length; k += 2) {
    const hit = hits.list[k]!;
    if (hit < done) continue;
    // Past the end `charCodeAt` reads NaN, no secret character: the reach is the only bound.
    const reach = hit + REACH;
    // The run, and where its lower-case letters from the start end (one read of it).
    let to = hit;
    let word = hit;
    for (let code; to < reach && isSecretChar((code = text.charCodeAt(to))); to++)
      if (word === to && isLower(code)) word++;
    // No space and secret character after the keyword's run: no chain, its start not needed.
    // Nor when the run is lower-case letters alone (a keyword in prose: `key 0`, `token
    // expires`): no piece of a key (`randomLooking` reads none in it).
    if (
      isSpace(text.charCodeAt(to)) &&
      isSecretChar(text.charCodeAt(to + 1)) &&
      !(word === to && to > hit && !(hit > done && isSecretChar(text.charCodeAt(hit - 1))))
    ) {
      let from = hit;
      while (from > done && hit - from < REACH && isSecretChar(text.charCodeAt(from - 1))) from--;
      const first = from;
      let width = -1;
      while (
        to - first < CHAIN &&
        isSpace(text.charCodeAt(to)) &&
        isSecretChar(text.charCodeAt(to + 1))
      ) {
        // Both pieces look random: a label before its value (`Bearer`, `token:`) is no piece, a
        // token's prefix (`sk-proj-`, `ghp_`) is; a block's last piece may be short (`4`, `x`) but
        // not a word (`was`) nor an assignment of its own (`partition=3`). The piece before is
        // read first: in prose (a keyword, a space, a word) it ends the chain before the word
        // after it is read.
        const last = text.charCodeAt(to - 1);
        if (
          last === 0x3a ||
          last === 0x3d ||
          !(randomLooking(text, from, to, true) || last === 0x2d || last === 0x5f)
        )
          break;
        const next = to + 1;
        let end = next;
        while (end < n && end - next < REACH && isSecretChar(text.charCodeAt(end))) end++;
        // A piece as wide as the one before (all secret characters) is a line of a wrapped block.
        const inBlock = to - from === width && width >= MIN_WIDTH;
        if (
          assignment(text, next, end) ||
          !(
            (randomLooking(text, next, end, true) &&
              cutsSecret(text, from, to, next, end, inBlock)) ||
            (inBlock && end - next <= width && !(end - next > 1 && lowerCaseWord(text, next, end)))
          )
        )
          break;
        push(breaks, to);
        push(breaks, next);
        width = to - from;
        from = next;
        to = end;
      }
    }
    done = to; // past `done`, as the hit is
  }
}

/** True when `[from, to)` has a `=` or `:` before its end's padding: `name=value`, not a piece. */
function assignment(text: string, from: number, to: number): boolean {
  let end = to;
  while (end > from && text.charCodeAt(end - 1) === 0x3d) end--;
  for (let i = from; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d || code === 0x3a) return true;
  }
  return false;
}
