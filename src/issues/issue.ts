/**
 * The stable codes an issue can carry. Hosts switch on these; messages are for people.
 */
export type IssueCode =
  // strict parsing
  | 'INVALID_JSON'
  | 'INVALID_UTF8'
  | 'CODE_FENCE'
  | 'PROSE_AROUND_JSON'
  | 'TRAILING_TOKENS'
  | 'DUPLICATE_KEY'
  | 'LONE_SURROGATE'
  | 'UNSAFE_NUMBER'
  | 'PROTO_KEY'
  | 'TOO_DEEP'
  | 'TOO_LARGE'
  // schema validation
  | 'NOT_AN_OBJECT'
  | 'UNKNOWN_FIELD'
  | 'UNKNOWN_SEGMENT_TYPE'
  | 'WRONG_TYPE'
  | 'MISSING_FIELD'
  | 'INVALID_VALUE'
  | 'SCHEMA_MISMATCH'
  | 'SCHEMA_MALFORMED'
  | 'SCHEMA_NOT_FOUND'
  // policies
  | 'MENTION_NOT_ALLOWED'
  | 'MEDIA_UNAVAILABLE'
  | 'LEAK_MASKED'
  | 'REASONING_IN_REPLY'
  | 'TOOL_MARKUP_IN_REPLY'
  | 'HOST_PATH_MASKED'
  | 'HIDDEN_CHARACTERS_REMOVED'
  | 'MASKED_NAME_COLLISION'
  // the delivery loop
  | 'MODEL_FAILED'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'NO_FINAL_MESSAGE'
  | 'REFUSED'
  | 'TRUNCATED'
  | 'REPLY_TOO_LONG_FOR_CORRECTION'
  | 'TOOL_STEPS_EXCEEDED'
  | 'TOOL_CALLS_RETURNED'
  | 'CONTAINER_REPAIRED'
  // bounds
  | 'TOO_MANY_ISSUES'
  | 'INTERNAL';

/**
 * One problem found in a reply: plain, serializable data.
 *
 * `path` is an RFC 6901 JSON pointer into the reply (`""` is the whole reply).
 * Parse issues also carry the position in the source text.
 */
export interface Issue {
  /** The stable code. */
  readonly code: IssueCode;
  /** The RFC 6901 JSON pointer of the place. */
  readonly path: string;
  /** A short human-readable message; quotes at most a short excerpt, never a secret. */
  readonly message: string;
  /** The 0-based UTF-16 offset in the source text (parse issues). */
  readonly offset?: number;
  /** The 1-based line in the source text (parse issues). */
  readonly line?: number;
  /** The 1-based column in the source text (parse issues). */
  readonly column?: number;
  /** The policy rule that produced the issue (leak and hygiene findings). */
  readonly rule?: string;
}
