import type { ChatMessage } from '../../providers/modelProvider';
import type { HttpError } from '../http/httpError';
import type { ReplyguardOptions } from './replyguardField';

/**
 * A client's own JSON Schema for the reply: chat `response_format`, Responses `text.format`,
 * Messages `output_config.format`. It is enforced as a custom schema instead of the segments.
 */
export interface ClientFormat {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly schema: Readonly<Record<string, unknown>>;
  /** Where the request gave the schema (a dot path), named in errors. */
  readonly field: string;
}

/** What a request asks of the core, whichever API it came in. */
export interface WireTurn {
  readonly model?: string | undefined;
  readonly system: string;
  readonly messages: readonly ChatMessage[];
  /**
   * The client's tools in the OpenAI chat format (function tools as `{ type: 'function',
   * function: { name, description, parameters } }`), translated for the upstream below the routes.
   */
  readonly tools?: readonly unknown[] | undefined;
  /** Where the tools were given, named when the upstream cannot take one. */
  readonly toolsField?: string | undefined;
  /**
   * `'none'` (the client's `tool_choice` none): a tools-off turn. The tools stay listed for an
   * upstream whose API needs them beside tool history (Anthropic), and no call is made or passed on.
   */
  readonly toolChoice?: 'none' | undefined;
  readonly format?: ClientFormat | undefined;
  readonly stream: boolean;
  readonly replyguard: ReplyguardOptions;
}

/** A request read: the turn it asks for, or the 400 that refuses it. */
export type TurnRead<TTurn extends WireTurn = WireTurn> =
  { readonly ok: true; readonly turn: TTurn } | { readonly ok: false; readonly error: HttpError };
