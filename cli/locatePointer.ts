/**
 * The offset in a JSON text of the value an RFC 6901 pointer names, for people reading a report:
 * where a member or element is missing, the offset of the nearest container that exists. The
 * text must be valid JSON (the core's strict parser accepted it); one linear pass at most.
 */
export function locatePointer(text: string, pointer: string): number {
  const tokens =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  let at = skipSpace(text, 0);
  for (const token of tokens) {
    const open = text[at];
    if (open !== '{' && open !== '[') return at;
    const found = open === '{' ? findMember(text, at, token) : findElement(text, at, token);
    if (found === undefined) return at;
    at = found;
  }
  return at;
}

function findMember(text: string, objectAt: number, name: string): number | undefined {
  let at = skipSpace(text, objectAt + 1);
  while (text[at] === '"') {
    const keyEnd = stringEnd(text, at);
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    at = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (key === name) return at;
    at = skipSpace(text, valueEnd(text, at));
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return undefined;
}

function findElement(text: string, arrayAt: number, token: string): number | undefined {
  if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
  const index = Number(token);
  let at = skipSpace(text, arrayAt + 1);
  for (let i = 0; text[at] !== ']' && at < text.length; i++) {
    if (i === index) return at;
    at = skipSpace(text, valueEnd(text, at));
    if (text[at] === ',') at = skipSpace(text, at + 1);
  }
  return undefined;
}

function skipSpace(text: string, at: number): number {
  while (
    at < text.length &&
    (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')
  )
    at++;
  return at;
}

/** The offset just after the string starting at `at` (a quote). */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/** The offset just after the value starting at `at`. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first !== '{' && first !== '[') {
    let i = at;
    while (i < text.length && !',]} \t\n\r'.includes(text[i]!)) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const char = text[i];
    if (char === '"') i = stringEnd(text, i) - 1;
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && --depth === 0) return i + 1;
  }
  return text.length;
}
