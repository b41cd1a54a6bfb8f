// The Satori entry, `replyguard/im/satori`: checked replies as Satori message elements, built with
// `@satorijs/element` (an optional peer dependency).
export { satoriElements, type SatoriOptions } from './satoriElements';
export { satoriMessage } from './satoriMessage';
