// The `replyguard/mastra` entry: replyguard as a Mastra output processor — the stream held until
// the reply is checked, masked, and aborted (with a correction through Mastra's retry) when
// refused. `@mastra/core` is an optional peer, imported for types only.
export {
  replyguardProcessor,
  type ReplyguardProcessor,
  type ReplyguardProcessorOptions,
  type ReplyguardTripwire,
} from './replyguardProcessor';
