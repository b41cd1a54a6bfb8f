import type { Issue } from '../../src/issues/issue';
import { createJsonStream } from '../../src/json/createJsonStream';
import type { JsonObserver } from '../../src/json/jsonObserver';

/** How a judged stream ended: the first issue (pushed or at the end) and the characters read. */
export interface JudgeRun {
  readonly issue: Issue | undefined;
  /** The characters read when the issue was proved (the whole text when none was). */
  readonly offset: number;
  /** Whether the issue came from a push, before the input ended. */
  readonly early: boolean;
}

/** Feeds `text` in pieces of `size` characters (or the given pieces) to a stream with `judge`. */
export function judgeRun(
  judge: JsonObserver,
  text: string,
  size: number | readonly string[] = 1,
): JudgeRun {
  const stream = createJsonStream({}, judge);
  const pieces: readonly string[] =
    typeof size === 'number'
      ? Array.from({ length: Math.ceil(text.length / size) }, (_, k) =>
          text.slice(k * size, (k + 1) * size),
        )
      : size;
  for (const piece of pieces) {
    const issue = stream.push(piece);
    if (issue) return { issue, offset: stream.offset, early: true };
  }
  const end = stream.end();
  return { issue: end.ok ? undefined : end.issue, offset: stream.offset, early: false };
}

/** Cuts a text into pieces at the given sorted positions. */
export function cutAt(text: string, positions: readonly number[]): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (const at of positions) {
    if (at <= last || at >= text.length) continue;
    pieces.push(text.slice(last, at));
    last = at;
  }
  pieces.push(text.slice(last));
  return pieces;
}
