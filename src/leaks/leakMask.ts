/** The text a masked secret is replaced by. */
export const LEAK_MASK = '[REDACTED]';
