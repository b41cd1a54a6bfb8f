import { OutputParserException } from '@langchain/core/output_parsers';
import {
  formatIssues,
  type Finding,
  type Issue,
  type ReplyStatus,
  type SegmentReply,
} from './core';

/**
 * LangChain's own `OutputParserException`, carrying replyguard's verdict: the issues (masked, like
 * everything the core reports), the status and the notice to deliver. It never carries the model's
 * output (`llmOutput` is unset): a refused reply may hold a secret.
 */
export class ReplyguardParserException extends OutputParserException {
  /** Why the reply was refused, each `{ code, path, message }`. */
  readonly issues: readonly Issue[];
  readonly status: Exclude<ReplyStatus, 'completed'>;
  /** The host's failure notice: what to deliver instead. */
  readonly notice: SegmentReply;
  readonly findings: readonly Finding[];

  constructor(verdict: {
    readonly status: Exclude<ReplyStatus, 'completed'>;
    readonly issues: readonly Issue[];
    readonly notice: SegmentReply;
    readonly findings?: readonly Finding[];
  }) {
    const issues = formatIssues(verdict.issues);
    super(`replyguard refused the reply (${verdict.status}):\n${issues}`, undefined, issues);
    this.name = 'ReplyguardParserException';
    this.issues = verdict.issues;
    this.status = verdict.status;
    this.notice = verdict.notice;
    this.findings = verdict.findings ?? [];
  }
}
