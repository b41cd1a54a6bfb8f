import { anchoredRule } from './anchoredRule';
import { assignedName } from './assignedName';
import { isPlaceholder } from './isPlaceholder';
import type { LeakRule, Span } from './leakRule';
import { shannonEntropy } from './entropy';
import { namesNoSecret } from './namesNoSecret';
import { CREDENTIAL_TEMPLATE } from './ruleChecks';

// Secrets with no prefix of their own (a UUID, 32 hex digits, 40 characters) are found where a
// provider's name is assigned one: `HEROKU_API_KEY = "…"`, `sumologic.accessId: …`. The name
// starts the match (anchored, not inside a longer word); the value is bounded on both sides.

/** The assignment operators of config files, shells, Makefiles and code. */
const ASSIGN = `[\\w.-]{0,25}?["']?[ \\t]{0,20}(?::{1,3}=|\\?=|=>|[:=])[ \\t]{0,5}["'\`]?`;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

// A value assigned to a provider's secret name is a secret unless it is a placeholder or a run of
// one character, or the name is an identifier's (`HEROKU_APP_ID`, `SNYK_ORG_ID`: a UUID there is
// an app or an org, not a key).
const valueOnly = (secret: string) => !isPlaceholder(secret) && shannonEntropy(secret) >= 3;
const assigned = (secret: string, match: string, before: string) =>
  valueOnly(secret) && !namesNoSecret(assignedName(before, match));

const named = /* @__NO_SIDE_EFFECTS__ */ (
  id: string,
  names: string[],
  value: string,
  flags = 'dgi',
  accept: LeakRule['accept'] = assigned,
  family?: string,
): LeakRule =>
  anchoredRule(
    id,
    names,
    new RegExp(`(?<![A-Za-z])(?:${names.join('|')})${ASSIGN}(?<secret>${value})(?![\\w-])`, flags),
    accept,
    family,
  );

/** Rules for secrets known by the name they are assigned to, and for config files that hold them. */
export const CONTEXT_RULES: readonly LeakRule[] = [
  named('cloudflare-api-key', ['cloudflare'], '[a-f0-9]{37}|[\\w-]{40}'),
  named('facebook-app-secret', ['facebook'], '[a-f0-9]{32}'),
  named(
    'provider-uuid-key',
    ['heroku', 'hubspot', 'messagebird', 'message_bird', 'message-bird', 'snyk'],
    UUID,
    'dgi',
    assigned,
    'uuid-key',
  ),
  named('atlassian-legacy-token', ['atlassian', 'confluence', 'jira'], '[A-Za-z0-9]{24}'),
  named('okta-access-token', ['okta'], '00[\\w=-]{40}'),
  named('sonar-api-token', ['sonar'], '(?:squ_|sqp_|sqa_)?[a-z0-9=_-]{40}'),
  named('sourcegraph-legacy-token', ['sourcegraph'], '[a-f0-9]{40}'),
  named('mailchimp-api-key', ['mailchimp'], '[0-9a-f]{32}-us[0-9]{1,2}'),
  named('twilio-auth-token', ['twilio'], '[0-9a-f]{32}'),
  // Mailgun keys under a Mailgun name: the older `key-…` and the current
  // `<32 hex>-<8 hex>-<8 hex>` private API keys (documentation.mailgun.com, "Authentication").
  named('mailgun-named-key', ['mailgun'], '(?:key-)?[0-9a-z]{32}(?:-[0-9a-f]{8}-[0-9a-f]{8})?'),
  // "sumObj" and "sumOfValues" are not Sumo Logic: the name is matched in its own three cases.
  // The access id is one half of a Sumo Logic credential pair: masked under its id name.
  named('sumologic-access-id', ['sumo', 'Sumo', 'SUMO'], 'su[A-Za-z0-9]{12}', 'dg', valueOnly),
  named('sumologic-access-key', ['sumo', 'Sumo', 'SUMO'], '[A-Za-z0-9]{64}', 'dg'),
  {
    id: 'sidekiq-secret',
    family: 'sidekiq',
    keywords: ['__CONTRIBSYS__COM'],
    pattern:
      /BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[ \t]{0,5}[:=][ \t]{0,5}["']?(?<secret>[a-f0-9]{8}:[a-f0-9]{8})(?![A-Za-z0-9])/dg,
  },
  anchoredRule(
    'nuget-config-password',
    ['<add'],
    /<add[ \t]{1,5}key[ \t]{0,3}=[ \t]{0,3}"(?:ClearText)?Password"[ \t]{1,5}value[ \t]{0,3}=[ \t]{0,3}"(?<secret>[^"\n]{8,200})"/dgi,
    // `%VAR%` alone is an environment reference; a `%` inside a password is a character.
    (secret) => !isPlaceholder(secret) && !/^%[^%]+%$|\$\{|\{\{/.test(secret),
  ),
  {
    id: 'kubernetes-secret',
    family: 'kubernetes',
    keywords: ['kind:'],
    requires: ['ata:'],
    find: findKubernetesSecrets,
  },
];

const SECRET_KIND = /^[ \t]*kind:[ \t]*(["']?)[Ss]ecret\1[ \t]*(?:#.*)?$/;
const DATA_BLOCK = /^([ \t]*)(data|stringData):[ \t]*$/;
const ENTRY = /^([ \t]*)[\w.-]{1,253}:[ \t]*(.*)$/;
const BASE64 = /^[A-Za-z0-9+/]{8,}={0,2}$/;

/**
 * The values of a Kubernetes Secret manifest's `data` (base64) and `stringData` entries: the
 * manifest is a secret whatever its values read as. Documents are split at `---`; only those of
 * `kind: Secret` count (not ExternalSecret, SopsSecret or a ConfigMap). One pass over the lines.
 */
function* findKubernetesSecrets(text: string): Iterable<Span> {
  let documentStart = 0;
  while (documentStart < text.length) {
    const separator = text.indexOf('\n---', documentStart);
    const documentEnd = separator === -1 ? text.length : separator + 1;
    yield* secretsOfDocument(text, documentStart, documentEnd);
    documentStart = separator === -1 ? text.length : separator + 4;
  }
}

function* secretsOfDocument(text: string, from: number, to: number): Iterable<Span> {
  const lines: [start: number, line: string][] = [];
  let isSecret = false;
  for (let at = from; at < to;) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 || newline > to ? to : newline;
    const line = text.slice(at, end);
    if (SECRET_KIND.test(line)) isSecret = true;
    lines.push([at, line]);
    at = end + 1;
  }
  if (!isSecret) return;
  let block: { indent: number; strings: boolean } | undefined;
  for (let k = 0; k < lines.length; k++) {
    const [start, line] = lines[k]!;
    const data = DATA_BLOCK.exec(line);
    if (data) {
      block = { indent: data[1]!.length, strings: data[2] === 'stringData' };
      continue;
    }
    const entry = ENTRY.exec(line);
    if (!block || line.trim() === '' || /^[ \t]*#/.test(line)) continue;
    if (!entry || entry[1]!.length <= block.indent) {
      if (indentOf(line) <= block.indent) block = undefined;
      continue;
    }
    const comment = entry[2]!.search(/[ \t]#/);
    const value = (comment === -1 ? entry[2]! : entry[2]!.slice(0, comment)).trimEnd();
    const valueStart = start + line.length - entry[2]!.length;
    if (value === '|' || value === '>' || /^[|>][+-]?$/.test(value)) {
      // A block scalar: the deeper-indented lines that follow are the value.
      let last = k;
      while (
        last + 1 < lines.length &&
        (lines[last + 1]![1].trim() === '' || indentOf(lines[last + 1]![1]) > entry[1]!.length)
      )
        last++;
      if (last > k) yield [lines[k + 1]![0], lines[last]![0] + lines[last]![1].length];
      k = last;
      continue;
    }
    const unquoted = value.replace(/^(["'])(.*)\1$/, '$2');
    const quote = unquoted.length === value.length ? 0 : 1;
    if (unquoted.length < 10 || CREDENTIAL_TEMPLATE.test(unquoted) || isPlaceholder(unquoted))
      continue;
    if (!block.strings && !BASE64.test(unquoted)) continue;
    yield [valueStart + quote, valueStart + quote + unquoted.length];
  }
}

function indentOf(line: string): number {
  return line.length - line.replace(/^[ \t]+/, '').length;
}
