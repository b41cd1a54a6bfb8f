import type { HostPathPolicy } from '../hygiene/maskHostPaths';
import { maskHostPaths } from '../hygiene/maskHostPaths';
import { stripHiddenCharacters } from '../hygiene/stripHiddenCharacters';
import type { Issue } from '../issues/issue';
import type { LeakOptions } from '../leaks/leakOptions';
import { maskLeaksOf } from '../leaks/maskLeaksOf';
import type { TextFinding } from '../leaks/scanText';
import type { TextStream } from '../leaks/textStream';
import type { Finding } from '../results/replyResult';

/** The in-place outbound policies: what every delivered value goes through, whatever its schema. */
export interface OutboundPolicies {
  /** The leak scanner (on by default); `false` turns it off. */
  readonly leaks?: LeakOptions | false | undefined;
  /** The host's sensitive roots: paths under them are rewritten relative. */
  readonly hostPaths?: HostPathPolicy | undefined;
}

/** A value as it may leave, what changed in it, and why it may not leave after all. */
export interface OutboundResult<T> {
  readonly value: T;
  readonly findings: Finding[];
  /**
   * `MASKED_NAME_COLLISION`: a member name, once cleaned or masked, equals another name of its
   * object. The later member is left out of `value`, so `value` is not to be delivered.
   */
  readonly issues: Issue[];
}

/**
 * `maskOutbound`, given the value's text stream (and its findings, from a scan shared with other
 * rules) when the caller has them: the caller then has stripped hidden characters already.
 */
export function maskOutboundOf<T>(
  value: T,
  policies: OutboundPolicies,
  scanned?: { stream: TextStream; found?: readonly TextFinding[] },
): OutboundResult<T> {
  const stripped = scanned ? undefined : stripHiddenCharacters(value);
  const clean = stripped ? stripped.value : value;
  const masked =
    policies.leaks === false
      ? { value: clean, findings: [], collisions: [] }
      : maskLeaksOf(
          clean,
          scanned?.stream ?? stripped!.stream,
          policies.leaks ?? {},
          scanned?.found,
        );
  const rewritten = policies.hostPaths
    ? maskHostPaths(masked.value, policies.hostPaths)
    : { value: masked.value, findings: [], collisions: [] };
  const collisions = [
    ...(stripped?.collisions ?? []),
    ...masked.collisions,
    ...rewritten.collisions,
  ];
  return {
    value: rewritten.value,
    findings: [...(stripped?.findings ?? []), ...masked.findings, ...rewritten.findings],
    issues: collisions.map(collisionIssue),
  };
}

/** The issue for an object in which two member names became one. */
function collisionIssue(path: string): Issue {
  return {
    code: 'MASKED_NAME_COLLISION',
    path,
    message: 'a member name, once masked or cleaned, equals another name of this object',
  };
}
