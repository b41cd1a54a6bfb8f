import type { Delimiter, EmphasisMatch } from './inlineItem';

/**
 * Pairs the delimiter runs after `bottom` into emphasis, by CommonMark's algorithm: each closer
 * looks back for the nearest opener of its character; runs between a pair can no longer pair.
 * The lowest place a closer of each kind may look is remembered, so the whole is linear. The
 * list is cut to `bottom` afterwards.
 */
export function processEmphasis(bottom: Delimiter | undefined, top: Delimiter | undefined): void {
  // Per kind of closer (character, can it open, length mod 3): the index openers must be above.
  const floors = [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1];
  const bottomIndex = bottom ? bottom.index : -1;
  let closer = bottom ? bottom.next : first(top);
  while (closer) {
    if (!closer.canClose) {
      closer = closer.next;
      continue;
    }
    const kind = (closer.char === '*' ? 0 : 6) + (closer.canOpen ? 3 : 0) + (closer.length % 3);
    const floor = Math.max(bottomIndex, floors[kind]!);
    let opener = closer.previous;
    while (opener && opener.index > floor && !pairs(opener, closer)) opener = opener.previous;
    if (opener && opener.index > floor) {
      const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
      const match: EmphasisMatch = {
        tag: use === 2 ? 'strong' : 'em',
        chars: use === 2 ? closer.char + closer.char : closer.char,
        literal: false,
      };
      opener.count -= use;
      closer.count -= use;
      (opener.opens ??= []).unshift(match);
      (closer.closes ??= []).push(match);
      // Runs between the pair can no longer pair.
      opener.next = closer;
      closer.previous = opener;
      if (opener.count === 0) unlink(opener);
      if (closer.count === 0) {
        const next = closer.next;
        unlink(closer);
        closer = next;
      }
    } else {
      floors[kind] = closer.index - 1;
      const next = closer.next;
      if (!closer.canOpen) unlink(closer);
      closer = next;
    }
  }
  // Whatever is left above the bottom can pair with nothing outside.
  if (bottom) bottom.next = undefined;
}

function pairs(opener: Delimiter, closer: Delimiter): boolean {
  if (opener.char !== closer.char || !opener.canOpen || opener.count === 0) return false;
  // The rule of 3: a run that can both open and close pairs only when the lengths allow it.
  return !(
    (opener.canClose || closer.canOpen) &&
    closer.length % 3 !== 0 &&
    (opener.length + closer.length) % 3 === 0
  );
}

function unlink(delimiter: Delimiter): void {
  if (delimiter.previous) delimiter.previous.next = delimiter.next;
  if (delimiter.next) delimiter.next.previous = delimiter.previous;
}

function first(top: Delimiter | undefined): Delimiter | undefined {
  let delimiter = top;
  while (delimiter?.previous) delimiter = delimiter.previous;
  return delimiter;
}
