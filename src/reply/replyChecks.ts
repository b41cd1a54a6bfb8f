import { applyPolicies } from './applyPolicies';
import { maskOutboundOf } from './maskOutboundOf';
import { redactAll } from './redactAll';

/**
 * What `checkReply` loads on first use (a lazy chunk), and a turn imports with its first load
 * (which carries the scanner already; see checkReplyWith): the IM policies, the outbound masking and
 * the redaction of issues — the leak scanner, its rules and tables, the markup rules. It is loaded
 * at the start of every check (even a parse failure's issues are redacted). This file and what it imports must not import
 * a file the package index names: under esbuild's code splitting, such a file (and all it
 * imports) would load first with every entry of the index (see test/package/sizes.test.ts).
 */
export const replyChecks = { applyPolicies, maskOutbound: maskOutboundOf, redact: redactAll };

/** The checks `checkReply` loads. */
export type ReplyChecks = typeof replyChecks;
