import { decodeByteEscape, quotedPrintableAt } from './decodeEscape';
import { type Offsets, push } from './passOutput';

/** Escapes (or soft line breaks) this close belong to one stretch: a quoted-printable line is 76 long. */
const REACH = 80;
/** How far a stretch reaches beyond its first and last escape, over characters that are no blank. */
const EDGE = 80;

/** What ends a stretch: white space, a control, a line or paragraph separator, the text's end. */
export const isBlank = (code: number): boolean =>
  code <= 0x20 ||
  code === 0x7f ||
  code === 0x85 ||
  code === 0xa0 ||
  code === 0x2028 ||
  code === 0x2029 ||
  code !== code;

/**
 * The stretches of quoted-printable text among the `=` that start an escape (`positions`, in
 * order): two or more such `=` less than a line apart, or one soft line break between two words,
 * from the word before the first to the word after the last (a soft line break joins the next
 * line's). Appends `[start, end, kind]` to `lists`. One `=5F` alone is no stretch: an assignment
 * (`n=3D`) reads the same.
 */
export function quotedPrintableStretches(
  text: string,
  positions: Offsets,
  kind: number,
  lists: Offsets,
): void {
  const at = positions.list;
  for (let k = 0; k < positions.length;) {
    let last = k;
    while (last + 1 < positions.length && at[last + 1]! - at[last]! <= REACH) last++;
    if (last > k || softBreak(text, at[k]!)) {
      let start = at[k]!;
      while (start > 0 && at[k]! - start < EDGE && !isBlank(text.charCodeAt(start - 1))) start--;
      let end = at[last]!;
      const next = text.charCodeAt(end + 1);
      end += next === 0x0a ? 2 : next === 0x0d ? 3 : 3;
      const from = end;
      while (end < text.length && end - from < EDGE && !isBlank(text.charCodeAt(end))) end++;
      push(lists, start);
      push(lists, Math.min(end, text.length));
      push(lists, kind);
    }
    k = last + 1;
  }
}

/** The text a quoted-printable stretch spells: escapes decoded, soft line breaks removed. */
export function decodeQuotedPrintable(text: string, from: number, to: number): string {
  let out = '';
  let copied = from;
  for (let i = text.indexOf('=', from); i !== -1 && i < to; i = text.indexOf('=', i + 1)) {
    if (!quotedPrintableAt(text, i, to)) continue;
    out += text.slice(copied, i);
    const next = text.charCodeAt(i + 1);
    if (next === 0x0a || next === 0x0d) {
      copied = i + (next === 0x0d ? 3 : 2);
      i = copied - 1;
      continue;
    }
    const decoded = decodeByteEscape(text, i, to, 0x3d);
    if (decoded) {
      out += decoded.text;
      copied = decoded.end;
      i = copied - 1;
    } else copied = i;
  }
  return out + text.slice(copied, to);
}

/** A soft line break between two words: `=` right after a character, a line that goes on. */
function softBreak(text: string, at: number): boolean {
  const next = text.charCodeAt(at + 1);
  const after = text.charCodeAt(at + (next === 0x0d ? 3 : 2));
  return (
    (next === 0x0a || next === 0x0d) &&
    at > 0 &&
    !isBlank(text.charCodeAt(at - 1)) &&
    !isBlank(after)
  );
}
