/** Elements a safe preview never contains. */
const FORBIDDEN = new Set([
  'SCRIPT',
  'IFRAME',
  'FRAME',
  'FRAMESET',
  'OBJECT',
  'EMBED',
  'APPLET',
  'BASE',
  'FORM',
  'INPUT',
  'BUTTON',
  'META',
  'LINK',
  'STYLE',
  'SVG',
  'MATH',
  'TEMPLATE',
  'NOSCRIPT',
]);
const URL_ATTRIBUTES = [
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'srcset',
  'background',
  'data',
];

/**
 * The reasons an HTML fragment is not inert (empty when it is): forbidden elements, event
 * handler attributes, inline styles, and URL attributes with a scheme other than http(s)
 * (or data: media built by the renderer itself). Relative URLs carry no scheme and are allowed.
 * `html` may be a string or an element it was already parsed into.
 */
export function notInert(html: string | Element, document: Document): string[] {
  const host = typeof html === 'string' ? document.createElement('div') : html;
  if (typeof html === 'string') host.innerHTML = html;
  const problems: string[] = [];
  for (const element of Array.from(host.querySelectorAll('*'))) {
    if (FORBIDDEN.has(element.tagName.toUpperCase()))
      problems.push(`<${element.tagName.toLowerCase()}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${name}= on <${element.tagName.toLowerCase()}>`);
      if (name === 'style' || name === 'srcdoc') problems.push(`${name}=`);
      if (URL_ATTRIBUTES.includes(name)) {
        // As a browser reads it: control characters and spaces inside a scheme are ignored.
        const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(value)?.[1];
        const media =
          /^(img|audio|video)$/i.test(element.tagName) &&
          name === 'src' &&
          /^data:(image|audio|video)\/[a-z0-9.+-]+;base64,[a-z0-9+/=]*$/i.test(value);
        // A relative URL has no scheme and stays on the page's own origin.
        if (scheme !== undefined && scheme !== 'http' && scheme !== 'https' && !media)
          problems.push(`${name}="${value.slice(0, 40)}"`);
      }
    }
  }
  return problems;
}
