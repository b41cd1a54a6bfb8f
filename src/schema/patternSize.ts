import type { Alternative, Element } from '@eslint-community/regexpp/ast';

/**
 * The instructions the linear-time engine would compile a pattern to, counted on its syntax tree
 * as RE2's parser counts them (a count repeats what it counts; alternatives of one character each
 * are one class, as RE2 merges them): an upper bound of the compiled size but for the prefixes RE2
 * factors out of alternatives. The compile's own work grows with the instructions (seconds for
 * `a{1000}` written 300 times), so a pattern is measured by this before it is compiled.
 */
export function patternSize(alternatives: readonly Alternative[]): number {
  let size = 0;
  let run = false;
  let count = 0;
  for (const alternative of alternatives) {
    const single = alternative.elements.length === 1 && isCharacter(alternative.elements[0]!);
    if (!(single && run)) {
      size += single ? 1 : sequenceSize(alternative.elements);
      count++;
    }
    run = single;
  }
  return Math.max(1, size + count - 1);
}

function sequenceSize(elements: readonly Element[]): number {
  let size = 0;
  for (const element of elements) size += elementSize(element);
  return size;
}

function elementSize(node: Element): number {
  switch (node.type) {
    case 'Group':
    case 'CapturingGroup':
      return patternSize(node.alternatives);
    case 'Quantifier': {
      const sub = Math.max(1, elementSize(node.element));
      if (node.max === Infinity) return node.min === 0 ? 2 + sub : 1 + node.min * sub;
      return Math.max(1, node.max * sub + (node.max - node.min));
    }
    default:
      // A character, a class or set, an assertion: one instruction.
      return 1;
  }
}

function isCharacter(node: Element): boolean {
  return (
    node.type === 'Character' || node.type === 'CharacterClass' || node.type === 'CharacterSet'
  );
}
