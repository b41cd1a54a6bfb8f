import type { FinishReason } from '../providers/modelProvider';
import type {
  AiSdkFinishReason,
  AiSdkPart,
  AiSdkProviderMetadata,
  AiSdkTextPart,
  AiSdkToolCall,
  AiSdkWarning,
} from './languageModel';

// How replyguard reads what a model wrote, v3 or v4 alike: each reader checks the fields it
// uses, so a part of an unknown kind, or a known kind with fields missing, is skipped and never
// throws. Kinds replyguard has no use for (reasoning, files, sources, `custom`, `reasoning-file`,
// `ping`, raw chunks) are not read at all.

/** A part whose other fields are still to be checked. */
export type PartView = AiSdkPart & { readonly [key: string]: unknown };

/** A value as a part: an object with a string `type`. */
export function isPart(value: unknown): value is PartView {
  return (
    typeof value === 'object' && value !== null && typeof (value as AiSdkPart).type === 'string'
  );
}

/** The parts of a whole answer's content; anything that is not a part is left out. */
export function partsOf(content: unknown): PartView[] {
  return Array.isArray(content) ? content.filter(isPart) : [];
}

/** The part as a text part, when it is one. */
export function isTextPart(part: AiSdkPart): part is AiSdkTextPart {
  return part.type === 'text' && 'text' in part && typeof part.text === 'string';
}

/**
 * The reply text of a whole answer: v4's `structuredOutputText` when the model set it (the text
 * that is the structured answer, e.g. after drafts; an empty string included), otherwise the text
 * parts joined; `undefined` when there is neither.
 */
export function answerText(
  content: readonly AiSdkPart[],
  structuredOutputText: unknown,
): string | undefined {
  if (typeof structuredOutputText === 'string') return structuredOutputText;
  const texts = content.filter(isTextPart);
  return texts.length === 0 ? undefined : texts.map((part) => part.text).join('');
}

/**
 * The part as a tool call the host runs: a `tool-call` with an id, a name and its input text,
 * which the provider did not run itself. Its provider metadata is copied as plain JSON.
 */
export function businessToolCall(part: PartView): AiSdkToolCall | undefined {
  if (part.type !== 'tool-call') return undefined;
  const { toolCallId, toolName, input, providerExecuted, dynamic, providerMetadata } = part;
  if (typeof toolCallId !== 'string' || typeof toolName !== 'string') return undefined;
  if (typeof input !== 'string' || providerExecuted === true) return undefined;
  const metadata = providerMetadataOf(providerMetadata);
  return {
    type: 'tool-call',
    toolCallId,
    toolName,
    input,
    ...(providerExecuted === false ? { providerExecuted } : {}),
    ...(typeof dynamic === 'boolean' ? { dynamic } : {}),
    ...(metadata ? { providerMetadata: metadata } : {}),
  };
}

/** Warnings both majors accept: v3's kinds as they are, any other with its message as `other`. */
export function warningsOf(warnings: unknown): AiSdkWarning[] {
  if (!Array.isArray(warnings)) return [];
  return warnings.flatMap((warning: unknown): AiSdkWarning[] => {
    if (typeof warning !== 'object' || warning === null) return [];
    const { type, feature, details, message } = warning as { readonly [key: string]: unknown };
    if ((type === 'unsupported' || type === 'compatibility') && typeof feature === 'string')
      return [{ type, feature, ...(typeof details === 'string' ? { details } : {}) }];
    if (typeof message === 'string') return [{ type: 'other', message }];
    return [];
  });
}

/**
 * Provider metadata as plain JSON: per provider name, an object. Metadata is JSON by the
 * specification; the copy gives the mutable shape both majors' result types accept.
 */
export function providerMetadataOf(value: unknown): AiSdkProviderMetadata | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value));
  } catch {
    return undefined;
  }
  if (typeof copy !== 'object' || copy === null) return undefined;
  const entries = Object.entries(copy).filter(
    (entry): entry is [string, AiSdkProviderMetadata[string]] =>
      typeof entry[1] === 'object' && entry[1] !== null && !Array.isArray(entry[1]),
  );
  return Object.fromEntries(entries);
}

/** The AI SDK's unified finish reason as replyguard's (`interrupted`, `error`, `other` → `other`). */
export function finishReasonOf(reason: AiSdkFinishReason): FinishReason {
  switch (reason.unified) {
    case 'stop':
    case 'length':
      return reason.unified;
    case 'content-filter':
      return 'content_filter';
    case 'tool-calls':
      return 'tool_calls';
    default:
      return 'other';
  }
}
