import { escapeHtml } from './escapeHtml';
import { shownHost } from './shownHost';

/**
 * Media that may not load, shown as a link the reader can choose to open: its icon and label and
 * the host it would come from. Without a safe address (or inside another link) only the label
 * shows. `labelHtml` is the label, already HTML-encoded.
 */
export function imageLink(href: string | undefined, labelHtml: string, icon = '🖼'): string {
  const text = `${icon} <bdi>${labelHtml || 'image'}</bdi>`;
  if (href === undefined) return `<span class="rg-image-link" dir="auto">${text}</span>`;
  return `<a class="rg-image-link" dir="auto" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${text} <small dir="ltr">${escapeHtml(shownHost(href))}</small></a>`;
}
