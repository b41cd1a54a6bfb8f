// Markdown that makes renderers slow: the families of cmark's pathological tests
// (test/pathological_tests.py: nested quotes, lists and brackets, emphasis runs, openers without
// closers, backtick and definition runs), the shapes that were slow in micromark (lists written on
// one line, separate lists and quotes, alternating `*_`), runs that a trim or a scan could read
// again from each of their characters and a block per line (issue 27), link texts and targets
// the host note reads, and mixes of them. Each maker returns `size` characters (about);
// `ORDINARY` is what a chat reply looks like.

const fill = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const grow = (piece: (i: number) => string, size: number) => {
  const parts: string[] = [];
  let length = 0;
  for (let i = 1; length < size; i++) {
    const part = piece(i);
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, size);
};

/** An ordinary reply: paragraphs with emphasis, links and code, lists, a quote, a code block. */
export const ORDINARY = (size: number) =>
  fill(
    'Here is **what changed** in the build, with a [link to the docs](https://docs.example.com/build) and `npm test`.\n\n' +
      '- the parser is *stricter* now\n- the bundle is smaller\n  1. browser build\n  2. complete build\n\n' +
      '> Note: run `npm ci` first.\n\n```ts\nconst result = await checkReply(text);\n```\n\n',
    size,
  );

const blanks = (unit: string, size: number) => fill(unit, Math.max(0, size));

/** One long run of blanks (or dots) wherever a trim, a search or a note reads around it. */
const RUNS: Record<string, (size: number) => string> = {
  'spaces inside a paragraph': (size) => `a${blanks(' ', size - 2)}b`,
  'spaces ending a paragraph': (size) => `a${blanks(' ', size - 3)}\nb`,
  'spaces before a hard break': (size) => `a${blanks(' ', size - 4)}\\\nb`,
  'tabs inside a heading': (size) => `# a${blanks('\t', size - 4)}b`,
  'blanks ending a heading': (size) => `# a${blanks(' \t', size - 6)}#  `,
  'spaces inside a setext heading': (size) => `a${blanks(' ', size - 6)}b\n===`,
  'spaces inside a list item': (size) => `- a${blanks(' ', size - 4)}b`,
  'blanks inside a quote': (size) => `> a${blanks('\t ', size - 4)}b`,
  'spaces under a deep list': (size) => `${'- '.repeat(16)}a\n${blanks(' ', size - 36)}b`,
  'spaces inside a code span': (size) => `\`a${blanks(' ', size - 4)}b\``,
  'spaces inside link text': (size) => `[a${blanks(' ', size - 30)}b](https://x.example/)`,
  'dots inside link text': (size) => `[${blanks('.', size - 30)}a.b](https://x.example/)`,
  'spaces inside a link title': (size) => `[a](https://x.example/ "${blanks(' ', size - 30)}")`,
};

/** A block or more on every line: each costs the parser and the renderer a little. */
const PER_LINE: Record<string, (size: number) => string> = {
  'a list in a list per line (- -)': (size) => fill('- -\n', size),
  'lists in lists per line (- + - +)': (size) => fill('- + - +\n', size),
  'mixed lists per line (* - + 1.)': (size) => fill('* - + 1.\n', size),
  'quotes and lists per line (> - > -)': (size) => fill('> - > -\n', size),
  'an empty item per line': (size) => fill('-\n', size),
  'an empty heading per line': (size) => fill('#\n', size),
  'a break per line': (size) => fill('***\n', size),
};

/** Links whose text and target the host note reads. */
const LINKS: Record<string, (size: number) => string> = {
  'host names in link text': (size) =>
    `[${fill('a.example b.example, c.example: ', size - 30)}](https://a.example/)`,
  'links to another host': (size) => fill('[bank.example](https://evil.example/x) ', size),
  'links to many hosts': (size) =>
    grow((i) => `[h${i}.example](https://d${i}.example/p.html) `, size),
  'links that resolve against the page': (size) =>
    fill('[bank.example](//evil.example/) [a](\\/\\/b) ', size),
  'a mail link to many domains': (size) =>
    `[a@b.example](mailto:${grow((i) => `u@d${i}.example,`, size - 30)})`,
};

/** Each family by name. */
export const PATHOLOGICAL: Record<string, (size: number) => string> = {
  'nested block quotes': (size) => `${fill('> ', size)}a`,
  'lists on one line (1. 1. 1.)': (size) => `${fill('1. ', size)}a`,
  'lists on one line (- - -)': (size) => `${fill('- ', size)}a`,
  'deeply indented lists': (size) => grow((i) => `${'  '.repeat(i % 500)}* a\n`, size),
  'blank lines in deep lists': (size) => `${'- '.repeat(64)}a${fill('\n', size)}`,
  'separate lists': (size) => fill('- item one\n- item two\n\npara\n\n', size),
  'separate quotes': (size) => fill('> quoted line\n\npara\n\n', size),
  'nested brackets': (size) => `${fill('[', size / 2)}a${fill(']', size / 2)}`,
  'nested strong emphasis': (size) => `${fill('*a **a ', size / 2)}b${fill(' a** a*', size / 2)}`,
  'emphasis closers without openers': (size) => fill('a_ ', size),
  'emphasis openers without closers': (size) => fill('_a ', size),
  'link closers without openers': (size) => fill('a]', size),
  'link openers without closers': (size) => fill('[a', size),
  'mismatched openers and closers': (size) => fill('*a_ ', size),
  'openers and closers, multiple of 3': (size) => `a**b${fill('c* ', size)}`,
  'link openers and emphasis closers': (size) => fill('[ a_', size),
  'pattern [ (](': (size) => fill('[ (](', size),
  'pattern ![[]()': (size) => fill('![[]()', size),
  'alternating *_': (size) => fill('*_', size),
  'long emphasis runs': (size) => fill(`${'*'.repeat(100)}a${'_'.repeat(99)} `, size),
  'backtick runs': (size) => grow((i) => `e${'`'.repeat(i)}`, size),
  'unclosed links <': (size) => fill('[a](<b', size),
  'unclosed links': (size) => fill('[a](b', size),
  'unclosed titles': (size) => fill('[a](b "c', size),
  'unclosed parentheses': (size) => fill('[a](', size),
  'many link reference definitions': (size) =>
    grow((i) => `[${i}]: u\n`, size * 0.8) + fill('[0] [1] ', size * 0.2),
  'many references': (size) => `[a]: /u\n\n${fill('[a] [a][] [a][a] ', size)}`,
  'links in link text': (size) => fill('[[a](b)', size),
  'image openers then links': (size) => `${fill('![', size / 2)}${fill('[a](b)', size / 2)}`,
  'autolink openers': (size) => `${fill('<', size / 2)}a${fill('>', size / 2)}`,
  'character references': (size) => fill('&amp;&#x21;&bogus;&#123456789;', size),
  escapes: (size) => fill('\\*\\_\\[\\]\\`', size),
  'setext underlines': (size) => fill('a\n=\n', size),
  fences: (size) => fill('```\n', size),
  'hard breaks': (size) => fill('a  \n', size),
  'hidden characters': (size) => fill('a\u202e\u200b*\u2066_\ufff9', size),
  ...RUNS,
  ...PER_LINE,
  ...LINKS,
};

/** Mixes: the families' units interleaved, and two families one after the other. */
export const MIXED: Record<string, (size: number) => string> = {
  'quotes around emphasis runs': (size) => fill('> > > *_*_ [a](b *c', size),
  'lists of brackets and backticks': (size) => fill('- 1. [![`a`](', size),
  'emphasis inside links inside emphasis': (size) => fill('*a [b _c_ **d** e](f) g* ', size),
  'nested quotes, then alternating *_': (size) =>
    PATHOLOGICAL['nested block quotes']!(size / 2) + PATHOLOGICAL['alternating *_']!(size / 2),
  'one-line lists, then nested brackets': (size) =>
    PATHOLOGICAL['lists on one line (- - -)']!(size / 2) +
    '\n\n' +
    PATHOLOGICAL['nested brackets']!(size / 2),
  'definitions, then unclosed links': (size) =>
    PATHOLOGICAL['many link reference definitions']!(size / 2) +
    PATHOLOGICAL['unclosed links']!(size / 2),
};
