// The one seam between this entry and the rest of the package at run time. The build maps it to
// the package's renderer entry (`replyguard/render`), so `replyguard/im` ships no second copy of
// the catalog check or the plain-text renderer. Types are imported from their own files (erased).
export { deliverable, renderText } from '../render/index';
