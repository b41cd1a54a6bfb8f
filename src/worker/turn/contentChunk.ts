/** Characters of content per streamed event: a validated reply is released in pieces of this size. */
export const CONTENT_CHUNK = 128;
