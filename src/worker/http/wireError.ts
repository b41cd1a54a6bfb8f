import type { LeakOptions } from '../../leaks/leakOptions';
import { quoteOutbound } from '../core';
import type { HttpError } from './httpError';

/** The most characters of an error message in a wire's shape (`…` aside). */
export const WIRE_MESSAGE_MAX = 400;

/**
 * An error as it leaves in a wire's shape (a whole answer or a stream's error event): its message
 * masked with the Worker's leak options, its secrets as literals, then shortened
 * (`quoteOutbound`), whatever it quotes — an upstream's error, an issue, a thrown message.
 */
export function wireError<T extends HttpError>(error: T, leaks: LeakOptions): T {
  const message = quoteOutbound(error.message, { max: WIRE_MESSAGE_MAX, leaks });
  return message === error.message ? error : { ...error, message };
}
