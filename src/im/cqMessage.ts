import type { ReplyResult } from '../results/replyResult';
import type { SegmentReply } from '../segments/segmentCatalog';
import { escapeCqText, escapeCqValue } from './cqCode';
import { type OneBotOptions, oneBotMessage } from './oneBotMessage';
import type { OneBotSegment } from './oneBotSegment';

/**
 * A checked reply in OneBot v11's CQ-code string form: text escaped (`&`, `[`, `]`), parameter
 * values escaped (and `,`), so text can never become a code. `undefined` when there is nothing to
 * deliver. Prefer the array form (`oneBotMessage`) where the implementation takes it.
 *
 * @example
 * cqMessage(result); // 'see [CQ:at,qq=10001000] &#91;CQ:at,qq=all&#93;'
 */
export function cqMessage(
  result: ReplyResult<SegmentReply>,
  options: OneBotOptions = {},
): string | undefined {
  return oneBotMessage(result, options)?.map(cqSegment).join('');
}

/** One segment in the string form. */
export function cqSegment(segment: OneBotSegment): string {
  if (segment.type === 'text') return escapeCqText(segment.data.text);
  const params = Object.entries(segment.data as Readonly<Record<string, string>>)
    .map(([key, value]) => `,${key}=${escapeCqValue(value)}`)
    .join('');
  return `[CQ:${segment.type}${params}]`;
}
