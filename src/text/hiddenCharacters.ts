// The characters a client displays differently from how they are written, in one place, so the
// scanner and the code that cleans delivered text agree on them. Each class is the body of a
// regex character class (UTF-16 code units, no `u` flag needed), for callers to compose.

/**
 * Bidirectional formatting characters: the embeddings and overrides (U+202A–202E), the isolates
 * (U+2066–2069) and the implicit marks (U+061C ALM, U+200E LRM, U+200F RLM). Each can reorder
 * what a client displays — a secret written backwards behind U+202E shows in order — and the
 * effect runs on into whatever is displayed next.
 */
export const BIDI_CONTROLS = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/**
 * Characters that display as nothing (or as a box some clients draw and others do not) but are
 * not Default_Ignorable_Code_Point, so NFKC and the ignorable property leave them in place: the
 * C0 controls other than tab, line feed and carriage return, DEL, the C1 controls, the
 * interlinear annotation characters (U+FFF9–FFFB) and the object replacement character (U+FFFC).
 * Default-ignorables (zero-width characters, the soft hyphen, variation selectors, tag
 * characters, Hangul fillers, the Mongolian vowel separator) are read by their Unicode property.
 */
export const INVISIBLE_CONTROLS = '\\0-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f\\ufff9-\\ufffc';

/**
 * Tag characters (U+E0000–E007F) as UTF-16: invisible ASCII look-alikes whose only use in text
 * is the subdivision flags (England, Scotland, Wales), and otherwise a way to hide text.
 */
export const TAG_CHARACTER = '\\udb40[\\udc00-\\udc7f]';

/**
 * The emoji subdivision flags (U+1F3F4, the tags `gb` and three more, a cancel tag): the only
 * tags kept in text. Written loosely (`gbeng`, `gbsct`, `gbwls` and their letter mixes), so no
 * flag carries more than a few bits of hidden text.
 */
export const SUBDIVISION_FLAG =
  '\\ud83c\\udff4\\udb40\\udc67\\udb40\\udc62\\udb40[\\udc65\\udc73\\udc77]\\udb40[\\udc63\\udc6c\\udc6e]\\udb40[\\udc67\\udc73\\udc74]\\udb40\\udc7f';
