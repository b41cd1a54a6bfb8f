import { ProviderError } from './providerError';

/** The parts a wire's reader knows, as its failure names them. */
export interface KnownParts {
  /** What tells parts apart on this wire: a `type` member, or the kind of member a part has. */
  readonly by: 'types' | 'kinds';
  /** The parts replyguard reads, in words. */
  readonly reads: string;
}

/**
 * The failure for an answer that had no text, no refusal and no tool call, only parts replyguard
 * does not read: the answer may have been in them, so it is not "no answer". Names at most five.
 */
export function unknownPartsFailure(
  names: readonly string[],
  where: string,
  known: KnownParts,
): ProviderError {
  const listed = [...new Set(names)].slice(0, 5).join(', ');
  return new ProviderError(
    `${where} held only parts of unknown ${known.by} (${listed}); replyguard reads ${known.reads}`,
  );
}
