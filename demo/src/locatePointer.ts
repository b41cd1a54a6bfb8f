/** A `[start, end)` range of a JSON text. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/**
 * Finds the value an RFC 6901 pointer names inside JSON text, as a character range, so the demo
 * can highlight an issue in the source. `undefined` when the text does not reach that far.
 */
export function locatePointer(text: string, pointer: string): Range | undefined {
  const tokens =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at = skip(text, 0);
  for (const token of tokens) {
    const open = text[at];
    if (open === '{') {
      at = skip(text, at + 1);
      let found = false;
      while (text[at] === '"') {
        const keyEnd = stringEnd(text, at);
        let key: string;
        try {
          key = JSON.parse(text.slice(at, keyEnd)) as string;
        } catch {
          return undefined;
        }
        at = skip(text, keyEnd);
        if (text[at] !== ':') return undefined;
        at = skip(text, at + 1);
        if (key === token) {
          found = true;
          break;
        }
        at = skip(text, valueEnd(text, at));
        if (text[at] === ',') at = skip(text, at + 1);
      }
      // A missing member: point at the object that lacks it.
      if (!found) return undefined;
    } else if (open === '[') {
      const index = Number(token);
      at = skip(text, at + 1);
      for (let i = 0; i < index; i++) {
        at = skip(text, valueEnd(text, at));
        if (text[at] !== ',') return undefined;
        at = skip(text, at + 1);
      }
    } else {
      return undefined;
    }
  }
  return at < text.length ? { start: at, end: valueEnd(text, at) } : undefined;
}

function skip(text: string, at: number): number {
  while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++;
  return at;
}

function stringEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const c = text[i];
      if (c === '"') i = stringEnd(text, i) - 1;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return text.length;
  }
  let i = at;
  while (i < text.length && !',}] \t\r\n'.includes(text[i]!)) i++;
  return i;
}
