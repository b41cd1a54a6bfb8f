import { feedJson } from './feedJson';
import { type JsonState, failJson } from './jsonState';

/**
 * Feeds `input` when it is text. JavaScript callers can pass anything; the boundary answers with
 * an issue (`what` names the input: "the input is", "a chunk is"), not a throw.
 */
export function feedInput(state: JsonState, input: unknown, final: boolean, what: string): void {
  if (typeof input === 'string') feedJson(state, input, final);
  else
    failJson(
      state,
      '',
      'INVALID_JSON',
      state.base,
      state.base,
      0,
      `${what} ${input === null ? 'null' : typeof input}, not text`,
    );
}
