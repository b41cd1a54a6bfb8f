// The one seam between this entry and the core at run time. The build maps it to the package's
// main entry (`replyguard`), so `replyguard/worker` ships no second copy of the core. Types are
// imported from their own files (they are erased).
export {
  anthropicProvider,
  checkCustomReply,
  checkReply,
  finalizeReply,
  geminiProvider,
  maskToolCalls,
  openAiChatProvider,
  openAiResponsesProvider,
  parseJson,
  prepareSchema,
  quoteOutbound,
  segmentJsonSchema,
  streamReply,
  SEGMENT_SCHEMA_NAME,
} from '../index';
