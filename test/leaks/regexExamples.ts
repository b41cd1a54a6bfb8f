import { RegExpParser } from '@eslint-community/regexpp';
import type { Alternative, Element, Node } from '@eslint-community/regexpp/ast';

/**
 * Strings that a regex matches, one for each choice index: choice `k` takes alternative
 * `k mod n` of every alternation and one repetition of every optional part (none for `k = 0`),
 * so together they walk every alternative of every alternation. Lookbehinds that require text
 * are written out; negative assertions produce nothing.
 */
export function regexExamples(pattern: RegExp): string[] {
  const ast = new RegExpParser({ ecmaVersion: 2025 }).parseLiteral(pattern.toString());
  const widest = maxAlternatives(ast.pattern);
  const out: string[] = [];
  for (let k = 0; k < Math.max(widest, 2); k++) out.push(alternatives(ast.pattern.alternatives, k));
  return [...new Set(out)];
}

function maxAlternatives(node: Node): number {
  let most = 'alternatives' in node ? node.alternatives.length : 1;
  const children: Node[] =
    'alternatives' in node
      ? node.alternatives
      : 'elements' in node
        ? node.elements
        : node.type === 'Quantifier'
          ? [node.element]
          : [];
  for (const child of children) most = Math.max(most, maxAlternatives(child));
  return most;
}

function alternatives(list: readonly Alternative[], k: number): string {
  return alternative(list[k % list.length]!, k);
}

function alternative(node: Alternative, k: number): string {
  return node.elements
    .map((element, index) => element_(element, k, index === node.elements.length - 1))
    .join('');
}

function element_(node: Element, k: number, last: boolean): string {
  switch (node.type) {
    case 'Character':
      return String.fromCodePoint(node.value);
    case 'CharacterClass':
      return classChar(node.raw, node.negate, node.elements[0]);
    case 'CharacterSet':
      return setChar(node.kind, 'negate' in node ? node.negate : false);
    case 'Group':
    case 'CapturingGroup':
      return alternatives(node.alternatives, k);
    case 'Quantifier': {
      const count = Math.max(node.min, k > 0 && node.max >= 1 ? 1 : 0);
      return Array.from({ length: count }, () => element_(node.element, k, last)).join('');
    }
    case 'Assertion':
      if (node.kind === 'lookbehind' && !node.negate) return alternatives(node.alternatives, k);
      if (node.kind === 'lookahead' && !node.negate && last)
        return alternatives(node.alternatives, k);
      return '';
    default:
      return '';
  }
}

function classChar(raw: string, negate: boolean, first: unknown): string {
  const klass = new RegExp(`^${raw}$`, 'u');
  if (!negate && first && typeof first === 'object' && 'type' in first) {
    const element = first as {
      type: string;
      value?: number;
      min?: { value: number };
      kind?: string;
      negate?: boolean;
    };
    if (element.type === 'Character') return String.fromCodePoint(element.value!);
    if (element.type === 'CharacterClassRange') return String.fromCodePoint(element.min!.value);
    if (element.type === 'CharacterSet') return setChar(element.kind!, element.negate ?? false);
  }
  for (const candidate of ['a', 'A', '0', 'x', ' ', '-', '_', '.', '\n'])
    if (klass.test(candidate)) return candidate;
  throw new Error(`no example character for ${raw}`);
}

function setChar(kind: string, negate: boolean): string {
  if (kind === 'digit') return negate ? 'a' : '1';
  if (kind === 'word') return negate ? ' ' : 'a';
  if (kind === 'space') return negate ? 'a' : ' ';
  return 'a'; // `.` and properties
}
