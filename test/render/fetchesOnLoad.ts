/** Elements that fetch as soon as they are in a page (or load another document). */
const LOADING_ELEMENTS = new Set([
  'IFRAME',
  'FRAME',
  'OBJECT',
  'EMBED',
  'LINK',
  'SCRIPT',
  'STYLE',
  'SOURCE',
  'TRACK',
  'INPUT',
  'BASE',
  'META',
  'SVG',
  'IMAGE',
  'PICTURE',
]);

/**
 * What in an HTML fragment would make a browser send a request before anyone clicks (empty when
 * nothing would): an `<img>` whose address is not a data: URL on a host outside `imageHosts`
 * (relative addresses included), `srcset`, `poster`, `background`, inline styles (CSS `url()`),
 * media that preloads or autoplays, and elements that load on their own. `html` may be a string
 * or an element it was already parsed into.
 */
export function fetchesOnLoad(
  html: string | Element,
  document: Document,
  imageHosts: readonly string[] = [],
): string[] {
  const host = typeof html === 'string' ? document.createElement('div') : html;
  if (typeof html === 'string') host.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(host.querySelectorAll('*'))) {
    const tag = element.tagName.toUpperCase();
    if (LOADING_ELEMENTS.has(tag)) problems.push(`<${tag.toLowerCase()}>`);
    for (const name of ['srcset', 'poster', 'background', 'style', 'ping', 'lowsrc', 'dynsrc']) {
      if (element.hasAttribute(name)) problems.push(`${name}= on <${tag.toLowerCase()}>`);
    }
    if (tag === 'IMG') {
      const src = element.getAttribute('src') ?? '';
      if (!src.startsWith('data:') && !onList(src, imageHosts))
        problems.push(`<img src="${src.slice(0, 60)}">`);
    }
    if (tag === 'AUDIO' || tag === 'VIDEO') {
      if (element.getAttribute('preload') !== 'none')
        problems.push(`<${tag.toLowerCase()}> without preload="none"`);
      if (element.hasAttribute('autoplay')) problems.push(`<${tag.toLowerCase()} autoplay>`);
    }
  }
  return problems;
}

function onList(src: string, imageHosts: readonly string[]): boolean {
  try {
    const url = new URL(src);
    return (url.protocol === 'https:' || url.protocol === 'http:') && imageHosts.includes(url.host);
  } catch {
    // A relative address loads from the page's own origin, which is not on the list either.
    return false;
  }
}
