import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { decodeNumericCharacterReference } from 'micromark-util-decode-numeric-character-reference';

/**
 * The character a reference stands for, given what lies between `&` and `;` (`amp`, `#35`,
 * `#x22`), or `undefined` when it is not a known reference (then it is text as written). Numeric
 * references to nothing (0, surrogates, past U+10FFFF) give U+FFFD, as CommonMark says.
 */
export function decodeReference(name: string): string | undefined {
  if (name.charCodeAt(0) === 0x23) {
    const hex = name.charCodeAt(1) === 0x78 || name.charCodeAt(1) === 0x58;
    return decodeNumericCharacterReference(name.slice(hex ? 2 : 1), hex ? 16 : 10);
  }
  const value = decodeNamedCharacterReference(name);
  return value === false ? undefined : value;
}

/** A character reference at the start of a string: `&name;`, `&#123;` or `&#x1F;`. */
export const CHAR_REFERENCE = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,31});/y;
