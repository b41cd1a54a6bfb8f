// The renderer entry, `replyguard/render`: safe HTML and plain-text previews of checked replies.
export { renderHtml, deliverable, type RenderOptions } from './renderHtml';
export { renderText } from './renderText';
export { escapeHtml } from './escapeHtml';
export { safeHttpUrl } from './safeUrl';
export { mediaSource } from './mediaSource';
