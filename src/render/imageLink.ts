import { escapeHtml } from './escapeHtml';

/**
 * An image that may not load, shown as a link the reader can choose to open: its label and the
 * host it would come from. Without a safe address (or inside another link) only the label shows.
 * `labelHtml` says whether the label is already HTML-encoded (micromark's alt text is).
 */
export function imageLink(href: string | undefined, label: string, labelHtml = false): string {
  const text = `🖼 ${(labelHtml ? label : escapeHtml(label)) || 'image'}`;
  if (href === undefined) return `<span class="rg-image-link">${text}</span>`;
  return `<a class="rg-image-link" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${text} <small>${escapeHtml(new URL(href).host)}</small></a>`;
}
