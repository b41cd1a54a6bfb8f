import { decodeCharReference } from './charReference';
import { isEscapable, isHex, startsTextEscape } from './decodeEscape';
import { foldCodePoint, foldKind, MARK_FOLD } from './foldChar';
import { pairedUnit } from './pairedUnit';
import { type Offsets, push } from './passOutput';
import { isControl, isTokenChar as isToken } from './tokenChars';

// Where a text reads differently than it is written: the first pass calls these at the
// characters its tables flag (and only there), each deciding from the characters around it
// whether a reader's view of the text can differ. A marker or look-alike that cannot change a
// token (`**Item**`, `café`, `日本`, the `о` of a Russian word) is no point, so ordinary text asks
// for no normalised view.

/** What the point checks remember along one text. */
export interface PointState {
  /** Where the last look-alike, mark or invisible character ends. */
  foldedTo: number;
  /** The end of the last marker run looked at (the run's other markers are not looked at again). */
  markerEnd: number;
  /** The unit read together with the high surrogate before it (it is not looked at on its own). */
  pairedAt: number;
}

/** Point state for a new text. */
export function startPoints(state: PointState): void {
  state.foldedTo = -1;
  state.markerEnd = -1;
  state.pairedAt = -1;
}

/**
 * True when a token character the pass read on its own comes right before `i` (the unit after
 * a high surrogate is read with it, not on its own).
 */
function tokenBefore(text: string, i: number): boolean {
  return i > 0 && isToken(text.charCodeAt(i - 1)) && !pairedUnit(text, i - 1);
}

/**
 * `&`, `\\` or `%` at `i`: a point where a character reference, a Markdown or string escape
 * (`\\_`, `\\x67`, `\\u0067`) or a percent escape starts.
 */
export function escapePoint(text: string, i: number, code: number, points: Offsets): void {
  if (
    code === 0x26
      ? decodeCharReference(text, i) !== undefined
      : code === 0x5c
        ? isEscapable(text.charCodeAt(i + 1)) || startsTextEscape(text, i, text.length)
        : isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))
  )
    push(points, i);
}

/**
 * An emphasis or code marker run from `at` (one tilde is a character: Azure secrets have them)
 * changes a token only between token characters or beside `:`/`=`.
 */
export function markerPoint(text: string, at: number, state: PointState, points: Offsets): void {
  if (at < state.markerEnd) return;
  const code = text.charCodeAt(at);
  const n = text.length;
  let end = at + 1;
  while (end < n && text.charCodeAt(end) === code) end++;
  if (code === 0x7e && end - at < 2) return;
  state.markerEnd = end;
  const before = at > 0 ? text.charCodeAt(at - 1) : 0x20;
  const after = end < n ? text.charCodeAt(end) : 0x20;
  const operator = (c: number) => c === 0x3a || c === 0x3d;
  if (
    (isToken(before) && (isToken(after) || operator(after))) ||
    (operator(before) && after !== 0x0a) ||
    (isToken(after) && operator(before))
  )
    push(points, at);
}

/** An invisible control at `i`: a point only where it may split a token. */
export function controlPoint(text: string, i: number, state: PointState, points: Offsets): void {
  if (tokenBefore(text, i) || state.foldedTo === i || tokenOrFold(text, i + 1)) push(points, i);
  state.foldedTo = i + 1;
}

/**
 * A non-ASCII unit at `i` that folds (`kind` 2, or 3 for a mark), or a high surrogate (`kind`
 * of its code point): a look-alike changes a token only beside a token character or another
 * look-alike (the `о` of a Russian word among letters that stay spells none).
 */
export function foldPoint(text: string, i: number, state: PointState, points: Offsets): void {
  const code = text.charCodeAt(i);
  const high = code >= 0xd800 && code <= 0xdbff;
  if (high) state.pairedAt = i + 1;
  const kind = high ? astralKind(text.codePointAt(i)!) : foldKind(code);
  if (kind === 1) return;
  const beside = tokenBefore(text, i) || state.foldedTo === i;
  if (kind === 2 ? beside || tokenOrFold(text, high ? i + 2 : i + 1) : beside) push(points, i);
  state.foldedTo = high ? i + 2 : i + 1;
}

/** True when the character at `at` is a token character or one that folds (a look-alike, a mark, an invisible). */
function tokenOrFold(text: string, at: number): boolean {
  if (at >= text.length) return false;
  const code = text.charCodeAt(at);
  if (code < 0x80) return isToken(code) || isControl(code);
  return (
    (code >= 0xd800 && code <= 0xdbff ? astralKind(text.codePointAt(at)!) : foldKind(code)) !== 1
  );
}

const astralKinds = new Map<number, number>();

function astralKind(code: number): number {
  let kind = astralKinds.get(code);
  if (kind === undefined) {
    const folded = foldCodePoint(code);
    kind = folded === null ? 1 : folded === MARK_FOLD ? 3 : 2;
    astralKinds.set(code, kind);
  }
  return kind;
}
