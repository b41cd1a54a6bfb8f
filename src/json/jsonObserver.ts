import type { IssueCode } from '../issues/issue';

/** The JSON type of a value as the parser meets it. */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

/** A path into the document: member names and array indices, valid up to a given depth. */
export type JsonPath = readonly (string | number)[];

/** Why an observer refuses the document: the parser reports it as the stream's first violation. */
export interface JsonRejection {
  readonly code: IssueCode;
  readonly message: string;
}

/**
 * Watches a document while the strict parser reads it (e.g. a schema judge). Each callback may
 * return a rejection; the parser then stops and reports it at the current offset, with the pointer
 * of the place. `path` is the parser's live path array: only `path[0..depth)` is meaningful, and it
 * must not be kept after the callback returns. The methods are read once, when the parse begins,
 * and called on the observer (`this` is the observer).
 */
export interface JsonObserver {
  /** A member name closed: the member's path is `path[0..depth)` (its last element is `name`). */
  member(path: JsonPath, depth: number, name: string): JsonRejection | undefined;
  /**
   * A value at `path[0..depth)`: containers are reported when they open (`scalar` undefined),
   * scalars when they are complete, with their value.
   */
  value(
    path: JsonPath,
    depth: number,
    kind: JsonKind,
    scalar?: string | number | boolean | null,
  ): JsonRejection | undefined;
  /** A container at `path[0..depth)` closed. */
  close(path: JsonPath, depth: number, kind: 'object' | 'array'): JsonRejection | undefined;
  /**
   * Optional: a pushed chunk ended inside a string, whose decoded text so far is `text` (called
   * at most once per chunk, never for the last one). A value string is at `path[0..depth)`; for a
   * member name (`name` true) `depth` is the member's, and `path[depth - 1]` is not known yet.
   * A rejection is reported at the string's start, proved by the chunk's last character.
   */
  partial?(path: JsonPath, depth: number, text: string, name: boolean): JsonRejection | undefined;
}
