import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import {
  type ScanBudget,
  destinationText,
  scanDestination,
  scanLabel,
  scanTitle,
  skipSpaces,
  unescapeText,
} from './linkParts';

/** A link reference definition: its destination and title, decoded. */
export interface LinkDefinition {
  readonly destination: string;
  readonly title: string | undefined;
}

/** The definitions of a document by normalised label; the first of a label wins. */
export type LinkDefinitions = Map<string, LinkDefinition>;

/** The key a label is looked up by: whitespace collapsed, case folded. */
export function labelKey(label: string): string {
  return normalizeIdentifier(label);
}

/**
 * Takes the link reference definitions at the start of a paragraph's content into `definitions`
 * and returns what is left of the content. Each definition is read once: linear.
 */
export function takeDefinitions(content: string, definitions: LinkDefinitions): string {
  let position = 0;
  // Definitions read a paragraph at most twice (a setext underline, then its end).
  const budget: ScanBudget = { left: content.length * 2 + 16 };
  while (content.charCodeAt(position) === 0x5b) {
    const end = definitionAt(content, position, definitions, budget);
    if (end < 0) break;
    position = end;
  }
  return position === 0 ? content : content.slice(position);
}

function definitionAt(
  text: string,
  start: number,
  definitions: LinkDefinitions,
  budget: ScanBudget,
): number {
  const labelEnd = scanLabel(text, start);
  if (labelEnd < 0 || text.charCodeAt(labelEnd) !== 0x3a) return -1;
  const key = labelKey(text.slice(start + 1, labelEnd - 1));
  if (key === '') return -1;
  const destinationStart = skipSpaces(text, labelEnd + 1);
  const destinationEnd = scanDestination(text, destinationStart, budget);
  if (destinationEnd < 0) return -1;
  let title: string | undefined;
  let end = -1;
  const titleStart = skipSpaces(text, destinationEnd);
  if (titleStart > destinationEnd) {
    const titleEnd = scanTitle(text, titleStart, budget);
    if (titleEnd >= 0) {
      end = lineEnd(text, titleEnd);
      if (end >= 0) title = text.slice(titleStart + 1, titleEnd - 1);
    }
  }
  // Without a title (or with one that does not end its line) the destination must end the line.
  if (end < 0) end = lineEnd(text, destinationEnd);
  if (end < 0) return -1;
  if (!definitions.has(key)) {
    definitions.set(key, {
      destination: unescapeText(destinationText(text, destinationStart, destinationEnd)),
      title: title === undefined ? undefined : unescapeText(title),
    });
  }
  return end;
}

/** After only spaces and tabs to the end of the line: the start of the next line, or -1. */
function lineEnd(text: string, start: number): number {
  const i = skipSpaces(text, start, false);
  if (i >= text.length) return i;
  return text.charCodeAt(i) === 0x0a ? i + 1 : -1;
}
