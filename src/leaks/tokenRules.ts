import { anchoredRule } from './anchoredRule';
import type { LeakRule } from './leakRule';
import { mixedCase, randomLooking } from './ruleChecks';

// Token formats with a distinctive prefix, written from each provider's documented format. Each
// match starts at one of its keywords (anchored), is bounded on both sides so it cannot start or
// end inside a longer word, and must look random (a body of x's, 1's or a sequence is a sample).
// Bounded repetitions and one unbounded tail at most keep every pattern linear.

/** An anchored rule whose value must look random unless told otherwise. */
const token = /* @__NO_SIDE_EFFECTS__ */ (
  id: string,
  keywords: string[],
  pattern: RegExp,
  accept: LeakRule['accept'] = randomLooking,
  family?: string,
): LeakRule => anchoredRule(id, keywords, pattern, accept, family);

const hasLetter = (secret: string) => /[A-Za-z]/.test(secret) && randomLooking(secret);

/** Provider tokens recognised by their prefix. */
export const TOKEN_RULES: readonly LeakRule[] = [
  // User access tokens (huggingface.co/docs/hub/security-tokens): `hf_` and 34 letters, and
  // digits too in tokens issued now; `api_org_` for the deprecated organization tokens.
  token(
    'huggingface-token',
    ['hf_', 'api_org_'],
    /(?<![A-Za-z0-9_])(?:hf|api_org)_[A-Za-z0-9]{34}(?![A-Za-z0-9_])/g,
    mixedCase,
  ),
  token('groq-api-key', ['gsk_'], /(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{52}(?![A-Za-z0-9])/g),
  token(
    'digitalocean-token',
    ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    /(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9])/g,
  ),
  // A bot token is "<bot id>:AA<35 characters>"; the part after the colon is the secret.
  token(
    'telegram-bot-token',
    [':AA'],
    /(?<=(?<![0-9])[0-9]{8,10}):AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g,
  ),
  token('twilio-api-key', ['SK'], /(?<![A-Za-z0-9])SK[0-9a-fA-F]{32}(?![A-Za-z0-9])/g),
  token('perplexity-api-key', ['pplx-'], /(?<![A-Za-z0-9_-])pplx-[A-Za-z0-9]{48}(?![A-Za-z0-9])/g),
  token('xai-api-key', ['xai-'], /(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]{80}(?![A-Za-z0-9])/g),
  token(
    'openrouter-api-key',
    ['sk-or-v1-'],
    /(?<![A-Za-z0-9_-])sk-or-v1-[a-f0-9]{64}(?![A-Za-z0-9])/g,
  ),
  token('replicate-api-token', ['r8_'], /(?<![A-Za-z0-9_])r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])/g),
  token(
    'atlassian-api-token',
    ['ATATT3'],
    /(?<![A-Za-z0-9_-])ATATT3[A-Za-z0-9_=-]{186}(?![A-Za-z0-9_=-])/g,
  ),
  token(
    'cloudflare-origin-ca-key',
    ['v1.0-'],
    /(?<![A-Za-z0-9_.-])v1\.0-[a-f0-9]{24}-[a-f0-9]{146}(?![A-Za-z0-9])/g,
  ),
  token(
    'databricks-api-token',
    ['dapi'],
    /(?<![A-Za-z0-9_])dapi[a-f0-9]{32}(?:-\d)?(?![A-Za-z0-9])/g,
  ),
  token(
    'facebook-page-access-token',
    ['EAA'],
    /(?<![A-Za-z0-9])EAA[A-Z][A-Za-z0-9]{90,}/g,
    mixedCase,
  ),
  // An app access token is "<app id>|<secret>" (or "%7C" in a URL): the part after the bar is the secret.
  token(
    'facebook-access-token',
    ['|'],
    /(?<=(?<![0-9])[0-9]{15,16})\|[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/g,
    mixedCase,
  ),
  token(
    'flyio-access-token',
    ['fo1_', 'fm1', 'fm2_'],
    /(?<![A-Za-z0-9_])(?:fo1_[\w-]{43}(?![\w-])|fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3})/g,
  ),
  token(
    'grafana-token',
    ['glc_', 'glsa_'],
    /(?<![A-Za-z0-9_])(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Za-z0-9]))/g,
  ),
  token(
    'heroku-api-key',
    ['HRKU-AA'],
    /(?<![A-Za-z0-9_-])HRKU-AA[0-9a-zA-Z_-]{58}(?![A-Za-z0-9_-])/g,
  ),
  token(
    'infracost-api-token',
    ['ico-'],
    /(?<![A-Za-z0-9_-])ico-[A-Za-z0-9]{32}(?![A-Za-z0-9])/g,
    mixedCase,
  ),
  token(
    'intra42-client-secret',
    ['s-s4t2'],
    /(?<![A-Za-z0-9_-])s-s4t2(?:ud|af)-[a-f0-9]{64}(?![A-Za-z0-9])/g,
  ),
  // Notion integration secrets (developers.notion.com, "Authorization"): `ntn_` and 46 letters
  // and digits (digits first in the tokens seen; any order is read: older ones are in
  // workspaceTokenRules.ts).
  token(
    'notion-api-token',
    ['ntn_'],
    /(?<![A-Za-z0-9_])ntn_[A-Za-z0-9]{46}(?![A-Za-z0-9])/g,
    hasLetter,
  ),
  token('octopus-deploy-api-key', ['API-'], /(?<![A-Za-z0-9_-])API-[A-Z0-9]{26}(?![A-Za-z0-9])/g),
  token('openshift-user-token', ['sha256~'], /(?<![A-Za-z0-9_-])sha256~[\w-]{43}(?![\w-])/g),
  token('prefect-api-token', ['pnu_'], /(?<![A-Za-z0-9_])pnu_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g),
  token('pulumi-api-token', ['pul-'], /(?<![A-Za-z0-9_-])pul-[a-f0-9]{40}(?![A-Za-z0-9])/g),
  token('readme-api-token', ['rdme_'], /(?<![A-Za-z0-9_])rdme_[a-z0-9]{70}(?![A-Za-z0-9])/g),
  token('scalingo-api-token', ['tk-us-'], /(?<![A-Za-z0-9_-])tk-us-[\w-]{48}(?![\w-])/g),
  token(
    'sentry-token',
    ['sntrys_', 'sntryu_'],
    /(?<![A-Za-z0-9_])(?:sntrys_eyJ[A-Za-z0-9+/=_]{50,}|sntryu_[a-f0-9]{64}(?![A-Za-z0-9]))/g,
  ),
  token(
    'sourcegraph-access-token',
    ['sgp_'],
    /(?<![A-Za-z0-9_])sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}(?![A-Za-z0-9_])/g,
  ),
  token(
    'square-token',
    ['sq0atp-', 'sq0csp-', 'EAAA'],
    /(?<![A-Za-z0-9_-])(?:sq0atp-[\w-]{22}|sq0csp-[\w-]{43}|EAAA[\w-]{60})(?![\w-])/g,
  ),
  token(
    'postman-api-token',
    ['PMAK-'],
    /(?<![A-Za-z0-9_-])PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9])/g,
  ),
  token(
    'dynatrace-api-token',
    ['dt0c01.'],
    /(?<![A-Za-z0-9_])dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}(?![A-Za-z0-9])/g,
  ),
  token(
    'doppler-api-token',
    ['dp.'],
    /(?<![A-Za-z0-9_.])dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}(?![A-Za-z0-9])/g,
  ),
  token(
    'planetscale-token',
    ['pscale_'],
    /(?<![A-Za-z0-9_])pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}(?![\w=.-])/g,
  ),
  token(
    'shippo-api-token',
    ['shippo_'],
    /(?<![A-Za-z0-9_])shippo_(?:live|test)_[a-f0-9]{40}(?![A-Za-z0-9])/g,
  ),
  token(
    'age-secret-key',
    ['AGE-SECRET-KEY-1'],
    /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g,
  ),
  token('alibaba-access-key-id', ['LTAI'], /(?<![A-Za-z0-9])LTAI[A-Za-z0-9]{20}(?![A-Za-z0-9])/g),
  token(
    'newrelic-key',
    ['NRAK-', 'NRJS-', 'NRII-'],
    /(?<![A-Za-z0-9_-])(?:NRAK-[A-Z0-9]{27}|NRJS-[a-f0-9]{19}|NRII-[\w-]{32})(?![\w-])/g,
  ),
  token(
    'pypi-upload-token',
    ['pypi-AgEIcHlwaS5vcmc'],
    /(?<![A-Za-z0-9_-])pypi-AgEIcHlwaS5vcmc[\w-]{50,}/g,
  ),
  token(
    'rubygems-api-token',
    ['rubygems_'],
    /(?<![A-Za-z0-9_])rubygems_[a-f0-9]{48}(?![A-Za-z0-9])/g,
  ),
  token('clojars-api-token', ['CLOJARS_'], /(?<![A-Za-z0-9_])CLOJARS_[a-z0-9]{60}(?![A-Za-z0-9])/g),
  token(
    'docker-hub-token',
    ['dckr_pat_', 'dckr_oat_'],
    /(?<![A-Za-z0-9_])dckr_(?:pat|oat)_[\w-]{27}(?![\w-])/g,
  ),
  token(
    'google-oauth-client-secret',
    ['GOCSPX-'],
    /(?<![A-Za-z0-9_-])GOCSPX-[\w-]{28}(?![\w-])/g,
    randomLooking,
    'gcp',
  ),
  token(
    'jfrog-token',
    ['AKCp', 'cmVmd'],
    /(?<![A-Za-z0-9])(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})(?![A-Za-z0-9])/g,
  ),
  token(
    'supabase-key',
    ['sbp_', 'sb_secret_'],
    /(?<![A-Za-z0-9_])(?:sbp_[a-f0-9]{40}|sb_secret_[\w-]{31})(?![\w-])/g,
  ),
  token(
    'brevo-api-key',
    ['xkeysib-'],
    /(?<![A-Za-z0-9_-])xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}(?![A-Za-z0-9])/g,
  ),
  token(
    'hubspot-private-app-token',
    ['pat-na1-', 'pat-eu1-'],
    /(?<![A-Za-z0-9_-])pat-(?:na|eu)1-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9])/g,
  ),
  token('typeform-api-token', ['tfp_'], /(?<![A-Za-z0-9_])tfp_[\w=.-]{59}(?![\w=.-])/g),
  token('frameio-api-token', ['fio-u-'], /(?<![A-Za-z0-9_-])fio-u-[\w=-]{64}(?![\w=-])/g),
  token(
    'flutterwave-secret-key',
    ['FLWSECK'],
    /(?<![A-Za-z0-9_])FLWSECK(?:_TEST)?-[a-h0-9]{32}-X/g,
  ),
  token(
    'duffel-api-token',
    ['duffel_'],
    /(?<![A-Za-z0-9_])duffel_(?:test|live)_[\w=-]{43}(?![\w=-])/g,
  ),
  token(
    'easypost-api-token',
    ['EZAK', 'EZTK'],
    /(?<![A-Za-z0-9])EZ[AT]K[a-zA-Z0-9]{54}(?![A-Za-z0-9])/g,
  ),
  token(
    'harness-api-token',
    ['pat.', 'sat.'],
    /(?<![A-Za-z0-9_.])[ps]at\.[\w-]{22}\.[0-9a-f]{24}\.[A-Za-z0-9]{20}(?![A-Za-z0-9])/g,
  ),
  token('mapbox-secret-token', ['sk.eyJ'], /(?<![A-Za-z0-9_.])sk\.eyJ[\w-]{50,}\.[\w-]{20,}/g),
  token(
    'discord-webhook-url',
    ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
    /discord(?:app)?\.com\/api\/webhooks\/[0-9]{17,20}\/(?<secret>[\w-]{60,})/dg,
  ),
  token(
    'teams-webhook-url',
    ['.webhook.office.com/'],
    /\.webhook\.office\.com\/webhookb2\/(?<secret>[\w@/-]{40,})/dg,
    randomLooking,
    'microsoft',
  ),
];
