// Openers of reasoning and tool markup as a reader may see them (full-width and small forms fold
// to them), each with what decides a tag it opens (a later one of these ends it or proves it
// none) and what would close the tags the markup rules find. Plain literals, so a bundle that
// does not use them drops them.
const ANGLE = { deciders: '<>＜＞﹤﹥', closers: ['>', '|>', '｜', '>>>'] };
const SQUARE = { deciders: '[]［］﹇﹈', closers: [']'] };
const CURLY = { deciders: '{}:｛｝：﹛﹜︷︸', closers: [':'] };
const BY_OPENER: Readonly<Record<string, { deciders: string; closers: readonly string[] }>> = {
  '<': ANGLE,
  '＜': ANGLE,
  '﹤': ANGLE,
  '[': SQUARE,
  '［': SQUARE,
  '﹇': SQUARE,
  '{': CURLY,
  '｛': CURLY,
  '﹛': CURLY,
  '︷': CURLY,
  '◁': { deciders: '◁▷', closers: ['▷'] },
  '✿': { deciders: '✿', closers: ['✿'] },
};
/** Every closer: what follows a character reference, an escape or a percent escape is probed with all. */
const ALL_CLOSERS = ['>', '|>', '｜', '>>>', ']', ':', '▷', '✿'];

/**
 * What may start an opener written otherwise: a numeric character reference or a named one of an
 * opener, an escape (Markdown's, or a code point's), a percent escape (of an opener, or of `%`),
 * or a full-width or small `&`, `\` or `%`.
 */
const ENCODED =
  /&(?:#|lt;|LT;|lsqb;|lbrack;|lcub;|lbrace;)|\\(?:[<[{＜［｛]|[uUxX]\{?[0-9A-Fa-f]|[0-7]{2})|%(?:3[cC]|5[bB]|7[bB]|25)|[＆﹠＼﹨％﹪]/;

/** Any opener, or anything that may start an encoded one. */
const MAY_OPEN = /[<[{◁✿＜﹤［﹇｛﹛︷&\\%＆﹠＼﹨％﹪]/;

/** Where a tag may be opening in a text, and the closers that would end the tags it may be. */
export interface MarkupCandidate {
  readonly at: number;
  readonly closers: readonly string[];
}

/**
 * The first place in `text` (the end of a text read so far) where a tag may be opening that
 * nothing after it has decided yet — an opener with none of its deciders after it, or anything
 * that may read as an opener (a character reference, an escape, a percent escape) — with the
 * closers a tag from there on may end with; `undefined` when there is none. Only there can a tag
 * the markup rules would find once it is closed be forming.
 */
export function markupCandidate(text: string): MarkupCandidate | undefined {
  // Most text has none of these: one native search decides it.
  if (!MAY_OPEN.test(text)) return undefined;
  let at = -1;
  const closers = new Set<string>();
  const seen = new Set<string>();
  for (let k = text.length - 1; k >= 0; k--) {
    const char = text[k]!;
    const opener = Object.hasOwn(BY_OPENER, char) ? BY_OPENER[char] : undefined;
    if (opener !== undefined && ![...opener.deciders].some((each) => seen.has(each))) {
      at = k;
      for (const closer of opener.closers) closers.add(closer);
    }
    seen.add(char);
  }
  const encoded = ENCODED.exec(text);
  if (encoded !== null) {
    if (at < 0 || encoded.index < at) at = encoded.index;
    return { at, closers: ALL_CLOSERS };
  }
  return at < 0 ? undefined : { at, closers: [...closers] };
}
