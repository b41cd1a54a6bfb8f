import { quoteSource } from '../leaks/quoteSource';
import { excerpt } from '../issues/excerpt';
import type { Issue } from '../issues/issue';
import type { FinishReason } from '../providers/modelProvider';

/** How long a refusal excerpt in an issue message may be. */
const REFUSAL_EXCERPT = 80;

/**
 * The issue that ends a turn at once because of how the model stopped, or undefined: a refusal
 * (refusal text, or a `refusal` finish) or a content filter is `REFUSED`; an answer cut at the
 * token limit (`length`) is `TRUNCATED`. Neither is corrected: a format correction cannot undo
 * a refusal, and would be cut at the same limit. The refusal is quoted as a short excerpt.
 */
export function stopIssue(stop: {
  readonly finishReason?: FinishReason | undefined;
  readonly rawFinishReason?: string | undefined;
  readonly refusal?: string | undefined;
}): Issue | undefined {
  // The upstream's own words, whole: the issue is masked, then shortened, as it leaves
  // (`redactIssues`); cut here first, a secret split by the cut would no longer be recognised.
  const raw = stop.rawFinishReason ? ` (${quoteSource(stop.rawFinishReason)})` : '';
  if (stop.refusal !== undefined && stop.refusal !== '')
    return {
      code: 'REFUSED',
      path: '',
      message: `the model refused to answer: "${excerpt(stop.refusal, 0, REFUSAL_EXCERPT)}"`,
    };
  switch (stop.finishReason) {
    case 'refusal':
      return { code: 'REFUSED', path: '', message: `the model refused to answer${raw}` };
    case 'content_filter':
      return {
        code: 'REFUSED',
        path: '',
        message: `the provider's content filter withheld the answer${raw}`,
      };
    case 'length':
      return {
        code: 'TRUNCATED',
        path: '',
        message: `the answer was cut off at the output token limit${raw}; it is not delivered and not corrected`,
      };
    default:
      return undefined;
  }
}
