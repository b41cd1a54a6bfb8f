import type { OutboundPolicies } from './maskOutboundOf';
import type { MediaPolicy } from '../media/mediaPolicy';
import type { MentionPolicy } from '../policy/checkMentions';

/** The policies applied to a valid IM reply. */
export interface ReplyPolicies extends OutboundPolicies {
  /** Who may be mentioned; without it, mention targets are not checked against members. */
  readonly mentions?: MentionPolicy | undefined;
  /** Media inspection (on by default for base64; `url`/`path` need `read`); `false` turns it off. */
  readonly media?: MediaPolicy | false | undefined;
  /** Refuse replies with reasoning or tool-call markup (on by default); `false` turns it off. */
  readonly hygiene?: boolean | undefined;
}
