// OneBot v11's string form: `[CQ:type,key=value,…]` codes inside text. Text escapes `&`, `[`
// and `]`; a parameter value escapes `,` as well (the spec's "转义" tables).

/** Escapes plain text for the CQ-code string form, so no part of it reads as a code. */
export function escapeCqText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/\[/g, '&#91;').replace(/\]/g, '&#93;');
}

/** Escapes a CQ-code parameter value. */
export function escapeCqValue(value: string): string {
  return escapeCqText(value).replace(/,/g, '&#44;');
}

/** Undoes either escape (one pass, so `&amp;#91;` stays the text `&#91;`). */
export function unescapeCq(text: string): string {
  return text.replace(/&(?:amp|#91|#93|#44);/g, (entity) => UNESCAPED[entity]!);
}

const UNESCAPED: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&#91;': '[',
  '&#93;': ']',
  '&#44;': ',',
};
