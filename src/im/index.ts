// The IM delivery entry, `replyguard/im`: checked replies as OneBot v11 messages (array and
// CQ-code string forms) and as plain text. Satori elements are `replyguard/im/satori`.
export { oneBotMessage, type OneBotOptions } from './oneBotMessage';
export type { OneBotSegment } from './oneBotSegment';
export { cqMessage, cqSegment } from './cqMessage';
export { parseCqMessage, type CqSegment } from './parseCqMessage';
export { escapeCqText, escapeCqValue, unescapeCq } from './cqCode';
export type { ImOptions } from './imOptions';
export { renderText as plainTextMessage } from './core';
