import { readerText } from '../text/readerText';
import { CHAR_REFERENCE, decodeReference } from './charReference';
import { classifyCharacter } from './classifyCharacter';
import { encodeHtml } from './encodeHtml';
import {
  CAN_CLOSE,
  CAN_OPEN,
  type DelimiterTable,
  addRun,
  createDelimiterTable,
} from './delimiterTable';
import type { Autolink, InlineItem, LinkOpen, LinkTarget, Piece } from './inlineItem';
import { type LinkDefinitions, labelKey } from './linkDefinitions';
import {
  type ScanBudget,
  destinationText,
  escapes,
  scanDestination,
  scanLabel,
  scanTitle,
  skipSpaces,
  unescapeText,
} from './linkParts';
import { isSpaceOrTab } from './lineCursor';
import { MARKDOWN_LIMITS } from './markdownLimits';
import { processEmphasis } from './processEmphasis';

interface Bracket {
  readonly item: LinkOpen;
  /** Where the link text starts, and the `[` itself. */
  readonly textStart: number;
  readonly position: number;
  /** The last run before it: emphasis inside the link is resolved above it. */
  readonly delimiterBottom: number;
}

const SPECIAL = /[\n\\`*_[\]!<&]/g;
const URI_AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\u0000-\u0020\u007f<>]*)>/y;
const EMAIL_AUTOLINK =
  /<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;

/**
 * The inline items of a paragraph's (or heading's) text: code spans, autolinks, breaks, escapes
 * and references decoded to pieces and text, `*`/`_` runs paired into emphasis, brackets closed
 * into links and images. Linear: every scanner either moves forward or spends a budget of the
 * text's length.
 */
export function parseInlines(
  text: string,
  definitions: LinkDefinitions,
): { items: InlineItem[]; delimiters: DelimiterTable | undefined } {
  const items: InlineItem[] = [];
  let delimiters: DelimiterTable | undefined;
  const brackets: Bracket[] = [];
  const budget: ScanBudget = {
    left: text.length * MARKDOWN_LIMITS.linkScanPerChar + MARKDOWN_LIMITS.linkScanAllowance,
  };
  let backticks: Map<number, { starts: number[]; next: number }> | undefined;
  let tail = -1;
  // Link openers below this place in `brackets` are inactive: a link may not hold a link.
  let linkFloor = 0;
  // Where the last bracket was: a link's text holding none may serve as its label.
  let lastBracket = -1;
  let textFrom = 0;
  const flush = (to: number) => {
    if (to > textFrom) items.push(encodeHtml(text.slice(textFrom, to)));
  };
  const piece = (html: string, alt: string): Piece => ({ kind: 'piece', html, alt });

  let i = 0;
  while (i < text.length) {
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(text);
    if (!found) break;
    i = found.index;
    const code = text.charCodeAt(i);
    switch (code) {
      case 0x0a: {
        // Two spaces before a line ending make a hard break; trailing whitespace goes anyway.
        let spaces = i;
        while (spaces > textFrom && isSpaceOrTab(text.charCodeAt(spaces - 1))) spaces--;
        flush(spaces);
        const hard = text.charCodeAt(i - 1) === 0x20 && text.charCodeAt(i - 2) === 0x20;
        items.push(hard ? piece('<br />\n', '\n') : '\n');
        i++;
        while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
        textFrom = i;
        break;
      }
      case 0x5c:
        if (text.charCodeAt(i + 1) === 0x0a) {
          flush(i);
          items.push(piece('<br />\n', '\n'));
          i += 2;
          while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
          textFrom = i;
        } else if (escapes(text, i)) {
          flush(i);
          textFrom = i + 1;
          i += 2;
        } else i++;
        break;
      case 0x60: {
        let end = i;
        while (text.charCodeAt(end) === 0x60) end++;
        const length = end - i;
        backticks ??= backtickRuns(text);
        const runs = backticks.get(length);
        while (runs && runs.next < runs.starts.length && runs.starts[runs.next]! < end) runs.next++;
        const close = runs && runs.next < runs.starts.length ? runs.starts[runs.next]! : -1;
        if (close < 0) {
          i = end;
          break;
        }
        flush(i);
        const content = codeContent(text.slice(end, close));
        items.push(piece(`<code>${encodeHtml(content)}</code>`, encodeHtml(content)));
        i = textFrom = close + length;
        break;
      }
      case 0x2a:
      case 0x5f: {
        let end = i;
        while (text.charCodeAt(end) === code) end++;
        flush(i);
        delimiters ??= createDelimiterTable();
        tail = addRun(delimiters, code, end - i, runFlags(text, i, end), tail);
        items.push(tail);
        i = textFrom = end;
        break;
      }
      case 0x21:
      case 0x5b: {
        const image = code === 0x21;
        if (image && text.charCodeAt(i + 1) !== 0x5b) {
          i++;
          break;
        }
        flush(i);
        const item: LinkOpen = { kind: 'open', image, target: undefined };
        items.push(item);
        const textStart = i + (image ? 2 : 1);
        brackets.push({ item, textStart, position: i, delimiterBottom: tail });
        lastBracket = i;
        i = textFrom = textStart;
        break;
      }
      case 0x5d: {
        flush(i);
        const opener = brackets[brackets.length - 1];
        const active = opener && (opener.item.image || brackets.length - 1 >= linkFloor);
        const linked = active ? closeLink(opener, i) : undefined;
        lastBracket = i;
        if (!opener || !linked) {
          if (opener) brackets.pop();
          linkFloor = Math.min(linkFloor, brackets.length);
          items.push(']');
          i = textFrom = i + 1;
          break;
        }
        opener.item.target = linked.target;
        items.push({ kind: 'close', open: opener.item });
        if (delimiters) processEmphasis(delimiters, opener.delimiterBottom, tail);
        tail = opener.delimiterBottom;
        brackets.pop();
        if (!opener.item.image) linkFloor = brackets.length;
        i = textFrom = linked.end;
        break;
      }
      case 0x3c: {
        const autolink = autolinkAt(text, i);
        if (!autolink) {
          i++;
          break;
        }
        flush(i);
        items.push(autolink.item);
        i = textFrom = autolink.end;
        break;
      }
      default: {
        CHAR_REFERENCE.lastIndex = i;
        const match = CHAR_REFERENCE.exec(text);
        const value = match ? decodeReference(match[1]!) : undefined;
        if (value === undefined) {
          i++;
          break;
        }
        flush(i);
        // A reference may stand for a character the reader would not see: it goes too.
        items.push(encodeHtml(readerText(value).text));
        i = textFrom = i + match![0].length;
      }
    }
  }
  flush(text.length);
  if (delimiters) processEmphasis(delimiters, -1, tail);
  return { items, delimiters };

  function closeLink(
    opener: Bracket,
    close: number,
  ): { target: LinkTarget; end: number } | undefined {
    const after = close + 1;
    if (text.charCodeAt(after) === 0x28) {
      const inline = inlineLink(text, after, budget);
      if (inline) return inline;
    }
    // A reference: `[text][label]`, `[text][]` or `[text]`.
    let label: string | undefined;
    let end = after;
    const labelEnd = text.charCodeAt(after) === 0x5b ? scanLabel(text, after) : -1;
    if (labelEnd > after + 2) {
      label = text.slice(after + 1, labelEnd - 1);
      end = labelEnd;
    } else if (lastBracket === opener.position && close - opener.textStart <= 999) {
      // The link text is the label when it holds no bracket.
      label = text.slice(opener.textStart, close);
      if (labelEnd === after + 2) end = labelEnd;
    }
    const definition = label === undefined ? undefined : definitions.get(labelKey(label));
    return definition ? { target: definition, end } : undefined;
  }
}

function inlineLink(
  text: string,
  open: number,
  budget: ScanBudget,
): { target: LinkTarget; end: number } | undefined {
  const start = skipSpaces(text, open + 1);
  if (text.charCodeAt(start) === 0x29) {
    return { target: { destination: '', title: undefined }, end: start + 1 };
  }
  const destinationEnd = scanDestination(text, start, budget);
  if (destinationEnd < 0) return undefined;
  let position = skipSpaces(text, destinationEnd);
  let title: string | undefined;
  if (position > destinationEnd && /["'(]/.test(text.charAt(position))) {
    const titleEnd = scanTitle(text, position, budget);
    if (titleEnd < 0) return undefined;
    title = unescapeText(text.slice(position + 1, titleEnd - 1));
    position = skipSpaces(text, titleEnd);
  }
  if (text.charCodeAt(position) !== 0x29) return undefined;
  const destination = unescapeText(destinationText(text, start, destinationEnd));
  return { target: { destination, title }, end: position + 1 };
}

/** Whether the run from `start` to `end` can open and close emphasis (CommonMark's flanking). */
function runFlags(text: string, start: number, end: number): number {
  const before = classifyCharacter(start > 0 ? text.charCodeAt(start - 1) : -1);
  const after = classifyCharacter(end < text.length ? text.charCodeAt(end) : -1);
  // 1 is whitespace (or the edge), 2 punctuation, 0 anything else.
  const left = after !== 1 && (after !== 2 || before !== 0);
  const right = before !== 1 && (before !== 2 || after !== 0);
  const underscore = text.charCodeAt(start) === 0x5f;
  const open = underscore ? left && (!right || before === 2) : left;
  const close = underscore ? right && (!left || after === 2) : right;
  return (open ? CAN_OPEN : 0) | (close ? CAN_CLOSE : 0);
}

/** Code span content: line endings are spaces; one space is stripped from each side of text. */
function codeContent(raw: string): string {
  const content = raw.replace(/\r\n|\r|\n/g, ' ');
  const padded = content.startsWith(' ') && content.endsWith(' ') && /[^ ]/.test(content);
  return padded ? content.slice(1, -1) : content;
}

/** Every maximal run of backticks, by length, for closing code spans in linear time. */
function backtickRuns(text: string): Map<number, { starts: number[]; next: number }> {
  const runs = new Map<number, { starts: number[]; next: number }>();
  for (let i = text.indexOf('`'); i >= 0; i = text.indexOf('`', i)) {
    let end = i;
    while (text.charCodeAt(end) === 0x60) end++;
    let entry = runs.get(end - i);
    if (!entry) runs.set(end - i, (entry = { starts: [], next: 0 }));
    entry.starts.push(i);
    i = end;
  }
  return runs;
}

// The link itself is the policy's to make, as for a bracketed link (checked protocol, host note).
function autolinkAt(text: string, start: number): { item: Autolink; end: number } | undefined {
  URI_AUTOLINK.lastIndex = start;
  const uri = URI_AUTOLINK.exec(text);
  EMAIL_AUTOLINK.lastIndex = start;
  const email = uri ? undefined : EMAIL_AUTOLINK.exec(text);
  const match = uri ?? email;
  if (!match) return undefined;
  const value = match[1]!;
  const destination = email ? `mailto:${value}` : value;
  return {
    item: { kind: 'autolink', target: { destination, title: undefined }, html: encodeHtml(value) },
    end: start + match[0].length,
  };
}
