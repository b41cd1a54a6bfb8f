import { FORMAT_SAMPLES } from './formatSamples';
import { ALNUM, seededRandom } from './seededRandom';

// Synthetic true and false positives for every built-in rule. Token bodies come from a seeded
// generator, so the file holds no real-looking credential literals.
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HEX = '0123456789abcdef';
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A pseudo-random string of `length` characters from `alphabet` (a fixed seed: stable across runs). */
export const random = seededRandom(0x9e3779b9);

const b64url = ALNUM + '-_';
const jwtPart = (json: object) =>
  btoa(JSON.stringify(json)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const pemBody = () => Array.from({ length: 6 }, () => random(64, ALNUM + '+/')).join('\n');

export const RULE_SAMPLES: Record<string, { tp: string[]; fp: string[] }> = {
  'aws-access-key-id': {
    tp: [`key id AKIA${random(16, UPPER)} here`],
    fp: ['AKIA is a prefix', `AKIA${random(10, UPPER)}`],
  },
  'aws-secret-access-key': {
    tp: [`aws_secret_access_key = ${random(40, ALNUM + '/+')}`],
    fp: ['aws_secret_access_key = <your secret here>'],
  },
  'aws-bedrock-api-key': { tp: [`ABSK${random(120, ALNUM + '+/')}`], fp: ['ABSK is short'] },
  'gcp-api-key': { tp: [`"apiKey": "AIza${random(35, b64url)}"`], fp: ['AIzaTooShort123'] },
  'github-token': {
    tp: [`token ghp_${random(36)}`, `gho_${random(36)}`],
    fp: ['ghp_short', `ghp_${'x'.repeat(36)}`],
  },
  'github-fine-grained-pat': {
    tp: [`github_pat_${random(22)}_${random(59)}`],
    fp: ['github_pat_tooshort'],
  },
  'gitlab-token': {
    tp: [`glpat-${random(20, b64url)}`],
    fp: ['glpat-short', 'glpat-XXXXXXXXXXXXXXXXXXXX'],
  },
  'slack-token': {
    tp: [`xoxb-${random(11, HEX.slice(0, 10))}-${random(13, HEX.slice(0, 10))}-${random(24)}`],
    fp: ['xoxb-12345-abcd', 'xoxe.xoxp-1-PLACEHOLDER'],
  },
  'slack-app-token': {
    tp: [`xapp-1-A${random(10, UPPER)}-${random(13, '0123456789')}-${random(64, HEX)}`],
    fp: ['xapp-1-'],
  },
  'slack-webhook-url': {
    tp: [
      `https://hooks.slack.com/services/T${random(8, UPPER)}/B${random(8, UPPER)}/${random(24)}`,
    ],
    fp: ['https://hooks.slack.com/'],
  },
  'openai-api-key': {
    tp: [`sk-proj-${random(40, b64url)}T3BlbkFJ${random(40, b64url)}`],
    fp: [`sk-${random(48)}`],
  },
  'anthropic-api-key': {
    tp: [`sk-ant-api03-${random(93, b64url)}AA`],
    fp: ['sk-ant-api03-short', `ssk-ant-api03-${random(93, b64url)}AA`],
  },
  'stripe-key': {
    tp: [`sk_live_${random(24)}`, `rk_test_${random(24)}`],
    fp: ['sk_live_', 'task_test_x'],
  },
  'sendgrid-api-key': {
    tp: [`SG.${random(22, b64url)}.${random(43, b64url)}`],
    fp: ['SG.short.value'],
  },
  'shopify-token': { tp: [`shpat_${random(32, HEX)}`], fp: ['shpat_abc', 'shpssSSSS_SSS'] },
  'npm-token': { tp: [`npm_${random(36)}`], fp: ['npm_install', `npm_${random(20)}`] },
  'npmrc-auth-token': {
    tp: [`//registry.npmjs.org/:_authToken=${random(36)}`],
    fp: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}'],
  },
  'azure-client-secret': {
    tp: [`client_secret=${random(3)}8Q~${random(34, ALNUM + '_.-')}`],
    fp: ['Q~ alone'],
  },
  'azure-storage-key': {
    tp: [
      `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${random(86, ALNUM + '+/')}==`,
    ],
    fp: ['AccountKey=short'],
  },
  'azure-credential-assignment': {
    tp: [`AZURE_CLIENT_SECRET="${random(40)}"`],
    fp: ['AZURE_CLIENT_SECRET="your-client-secret-goes-here-000000"'],
  },
  'linear-api-key': { tp: [`lin_api_${random(40)}`], fp: ['lin_api_short'] },
  '1password-secret-key': {
    tp: [
      `A3-${random(6, UPPER)}-${random(11, UPPER)}-${random(5, UPPER)}-${random(5, UPPER)}-${random(5, UPPER)}`,
    ],
    fp: ['A3-XXXXXX-XXXXXXXXXXX-XXXXX-XXXXX-XXXXX'],
  },
  '1password-service-account-token': {
    tp: [
      `ops_${jwtPart({ signInAddress: 'my.1password.com', userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: random(22) }, email: 'sa@example.com' })}`,
    ],
    fp: ['ops_DUMMY'],
  },
  'vault-token': {
    tp: [`VAULT_TOKEN=hvs.${random(90, b64url)}`],
    fp: ['hvs.abc', `xhvs.${random(30)}`],
  },
  'vault-legacy-token': { tp: [`vault_token: s.${random(22)}1a`], fp: ['token: s.short'] },
  'terraform-cloud-token': {
    tp: [`${random(14, HEX)}.atlasv1.${random(67, ALNUM)}`],
    fp: ['x.atlasv1.y'],
  },
  jwt: {
    tp: [
      `Bearer ${jwtPart({ alg: 'HS256', typ: 'JWT' })}.${jwtPart({ sub: '1234567890', name: 'A', iat: 1516239022 })}.${random(43, b64url)}`,
    ],
    fp: ['eyes.eyebrows.eyelids'],
  },
  'basic-auth-url': {
    tp: [`https://deploy:${random(12)}@api.example.com/v1`],
    fp: [
      'https://${user}:${pass}@example.com',
      'https://user:abc@example.com',
      'https://username:password@example.com',
    ],
  },
  'database-connection-string': {
    tp: [`postgres://app:${random(14)}@db.internal:5432/prod`],
    fp: ['mongodb://username:password@localhost:27017/db', 'mysql://user:${PASSWORD}@host/db'],
  },
  'curl-user-credentials': {
    tp: [`curl -u admin:${random(12)} https://localhost:9200`],
    fp: ['curl -u <user:password> https://example.com'],
  },
  'authorization-header': {
    tp: [`Authorization: Basic ${btoa('svc:' + random(12))}`],
    fp: ['Authorization: Bearer <token>'],
  },
  'bearer-token': { tp: [`use bearer ${random(32, b64url)}`], fp: ['bearer of bad news'] },
  'password-assignment': {
    tp: [`db_password = "${random(10)}9"`],
    fp: ['password = "${DB_PASSWORD}"', 'password = "password"'],
  },
  'high-entropy-assignment': {
    tp: [`API_SECRET=${random(32)}7`],
    fp: [
      'api_key_name = "NEXUS-GPT4-API-KEY"',
      'secret_length = X25519.secret_length',
      'client_id = "29f63271-dc2f-4734-8221-5b31b5169bac"',
    ],
  },
  // Provider tokens recognised by their prefix
  'huggingface-token': {
    tp: [`HF_TOKEN=hf_${random(34, LETTERS)}`, `api_org_${random(34, LETTERS)}`],
    fp: [
      `hf_${'x'.repeat(34)}`,
      '(id)hf_requiredCharacteristicTypesForDisplayMetadata',
      `${random(3, LETTERS)}hf_${random(34, LETTERS)}`,
    ],
  },
  'groq-api-key': {
    tp: [`GROQ_API_KEY=gsk_${random(52)}`],
    fp: ['gsk_short', `gsk_${'1'.repeat(52)}`],
  },
  'digitalocean-token': {
    tp: [`dop_v1_${random(64, HEX)}`, `doo_v1_${random(64, HEX)}`],
    fp: ['dop_v1_abc'],
  },
  'telegram-bot-token': {
    tp: [
      `bot${random(10, DIGITS)}:AA${random(33, b64url)}/getMe`,
      `${random(9, DIGITS)}:AA${random(33, b64url)}`,
    ],
    fp: ['12:AA is a ratio', `${random(9, DIGITS)}:AA${'x'.repeat(33)}`],
  },
  'twilio-api-key': {
    tp: [`SK${random(32, HEX)}`],
    fp: [`TASK${random(32, HEX)}`, `SK${'0'.repeat(32)}`],
  },
  'perplexity-api-key': { tp: [`pplx-${random(48)}`], fp: [`pplx-${'x'.repeat(48)}`] },
  'xai-api-key': { tp: [`xai-${random(80)}`], fp: ['xai-short'] },
  'openrouter-api-key': { tp: [`sk-or-v1-${random(64, HEX)}`], fp: ['sk-or-v1-short'] },
  'replicate-api-token': { tp: [`r8_${random(37)}`], fp: ['r8_short'] },
  'atlassian-api-token': { tp: [`ATATT3${random(186, b64url)}`], fp: ['ATATT3short'] },
  'cloudflare-origin-ca-key': {
    tp: [`v1.0-${random(24, HEX)}-${random(146, HEX)}`],
    fp: ['v1.0-beta'],
  },
  'databricks-api-token': {
    tp: [`token = dapi${random(32, HEX)}`],
    fp: ['dapi123456789012345678a9bc01234defg5'],
  },
  'facebook-page-access-token': {
    tp: [`EAAM${random(120)}`],
    fp: [`EAAM${'a'.repeat(120)}`, 'EAAM short'],
  },
  'facebook-access-token': {
    tp: [`${random(16, DIGITS)}|${random(27, b64url)}`],
    fp: ['| a | table |', `${random(16, DIGITS)}|${'a'.repeat(27)}`],
  },
  'flyio-access-token': {
    tp: [`fo1_${random(43, b64url)}`, `FlyV1 fm2_${random(120, ALNUM + '+/')}`],
    fp: [`fo1_${'x'.repeat(43)}`, `7SWa-Fo1_${random(43)}`],
  },
  'grafana-token': {
    tp: [`glc_${random(60, ALNUM + '+/')}==`, `glsa_${random(32)}_${random(8, HEX)}`],
    fp: ['GLC_CreateLightmap', `glc_${'1'.repeat(44)}=`],
  },
  'heroku-api-key': { tp: [`HRKU-AA${random(58, b64url)}`], fp: ['HRKU-AAshort'] },
  'infracost-api-token': {
    tp: [`ico-${random(32)}`],
    fp: [`video_box.ico-${random(32, HEX)}.png`, `ico-${'X'.repeat(32)}`],
  },
  'intra42-client-secret': { tp: [`s-s4t2ud-${random(64, HEX)}`], fp: ['s-s4t2ud-short'] },
  'notion-api-token': {
    tp: [`ntn_${random(11, DIGITS)}${random(35)}`],
    fp: [`ntn_${'1'.repeat(60)}`, 'ntn_12345678901'],
  },
  'octopus-deploy-api-key': {
    tp: [`set apikey="API-${random(26, UPPER)}"`],
    fp: ['GSSAPI-VIRHEKAPSELOINTIMERKKIJONO.', `Coin_API-${random(26, UPPER)}`],
  },
  'openshift-user-token': {
    tp: [`oc login --token=sha256~${random(43, b64url)}`],
    fp: ['sha256~XXXXXXXXXX_PUT_YOUR_TOKEN_HERE_XXXXXXXXXXXX'],
  },
  'prefect-api-token': { tp: [`pnu_${random(36)}`], fp: [`pnu_${'X'.repeat(36)}`] },
  'pulumi-api-token': { tp: [`pul-${random(40, HEX)}`], fp: [`vipul-${random(40, HEX)}`] },
  'readme-api-token': { tp: [`rdme_${random(70, HEX)}`], fp: [`rdme_${'x'.repeat(70)}`] },
  'scalingo-api-token': { tp: [`tk-us-${random(48, b64url)}`], fp: ['tk-us-short'] },
  'sentry-token': {
    tp: [`sntrys_eyJ${random(120, ALNUM + '+/')}`, `sntryu_${random(64, HEX)}`],
    fp: ['sntrys_short'],
  },
  'sourcegraph-access-token': {
    tp: [
      `sgp_${random(40, HEX)}`,
      `sgp_local_${random(40, HEX)}`,
      `sgp_${random(16, HEX)}_${random(40, HEX)}`,
    ],
    fp: ['sgp_5555555dAAAAA7777777CcccCFaaaaaaaaaaaaaa'],
  },
  'square-token': {
    tp: [
      `sq0atp-${random(22, b64url)}`,
      `sq0csp-${random(43, b64url)}`,
      `EAAA${random(60, b64url)}`,
    ],
    fp: ['aws-cli@sha256:eaaa7b11'],
  },
  'postman-api-token': { tp: [`PMAK-${random(24, HEX)}-${random(34, HEX)}`], fp: ['PMAK-short'] },
  'dynatrace-api-token': {
    tp: [`dt0c01.${random(24, UPPER)}.${random(64, UPPER)}`],
    fp: ['dt0c01.short'],
  },
  'doppler-api-token': { tp: [`dp.pt.${random(43)}`], fp: ['dp.pt.short'] },
  'planetscale-token': { tp: [`pscale_tkn_${random(43, b64url)}`], fp: ['pscale_tkn_short'] },
  'shippo-api-token': { tp: [`shippo_live_${random(40, HEX)}`], fp: ['shippo_live_short'] },
  'age-secret-key': {
    tp: [`AGE-SECRET-KEY-1${random(58, 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L')}`],
    fp: ['AGE-SECRET-KEY-1'],
  },
  'alibaba-access-key-id': { tp: [`LTAI${random(20)}`], fp: [`LTAI${'x'.repeat(20)}`] },
  'newrelic-key': { tp: [`NRAK-${random(27, UPPER)}`], fp: ['NRAK-short'] },
  'pypi-upload-token': {
    tp: [`pypi-AgEIcHlwaS5vcmc${random(70, b64url)}`],
    fp: ['pypi-AgEIcHlwaS5vcmc'],
  },
  'rubygems-api-token': { tp: [`rubygems_${random(48, HEX)}`], fp: ['rubygems_short'] },
  'clojars-api-token': { tp: [`CLOJARS_${random(60, HEX)}`], fp: ['CLOJARS_short'] },
  'docker-hub-token': { tp: [`dckr_pat_${random(27, b64url)}`], fp: ['dckr_pat_short'] },
  'google-oauth-client-secret': { tp: [`GOCSPX-${random(28, b64url)}`], fp: ['GOCSPX-short'] },
  'jfrog-token': { tp: [`AKCp${random(69)}`], fp: [`AKCp${'X'.repeat(69)}`] },
  'supabase-key': { tp: [`sbp_${random(40, HEX)}`], fp: ['sbp_short'] },
  'brevo-api-key': { tp: [`xkeysib-${random(64, HEX)}-${random(16)}`], fp: ['xkeysib-short'] },
  'hubspot-private-app-token': {
    tp: [
      `pat-na1-${random(8, HEX)}-${random(4, HEX)}-${random(4, HEX)}-${random(4, HEX)}-${random(12, HEX)}`,
    ],
    fp: ['pat-na1-short'],
  },
  'typeform-api-token': { tp: [`tfp_${random(59, b64url)}`], fp: ['tfp_short'] },
  'frameio-api-token': { tp: [`fio-u-${random(64, b64url)}`], fp: ['fio-u-short'] },
  'flutterwave-secret-key': {
    tp: [`FLWSECK_TEST-${random(32, 'abcdefgh0123456789')}-X`],
    fp: ['FLWSECK-short'],
  },
  'duffel-api-token': { tp: [`duffel_test_${random(43, b64url)}`], fp: ['duffel_test_short'] },
  'easypost-api-token': { tp: [`EZAK${random(54)}`], fp: ['EZAKshort'] },
  'harness-api-token': {
    tp: [`pat.${random(22, b64url)}.${random(24, HEX)}.${random(20)}`],
    fp: ['pat.short'],
  },
  'mapbox-secret-token': {
    tp: [`sk.eyJ${random(60, b64url)}.${random(22, b64url)}`],
    fp: ['sk.eyJshort'],
  },
  'discord-webhook-url': {
    tp: [`https://discord.com/api/webhooks/${random(18, DIGITS)}/${random(68, b64url)}`],
    fp: ['https://discord.com/api/webhooks/'],
  },
  'teams-webhook-url': {
    tp: [
      `https://acme.webhook.office.com/webhookb2/${random(36, HEX)}@${random(36, HEX)}/IncomingWebhook/${random(32, HEX)}/${random(36, HEX)}`,
    ],
    fp: ['https://acme.webhook.office.com/'],
  },
  // Names that carry a provider's secret
  'cloudflare-api-key': {
    tp: [
      `CLOUDFLARE_API_KEY: ${random(40, b64url)}`,
      `cloudflare_global_api_key = "${random(37, HEX)}"`,
    ],
    fp: ['cloudflare: "short"'],
  },
  'facebook-app-secret': {
    tp: [`facebook_app_secret = "${random(32, HEX)}"`],
    fp: ['facebook_app_secret = "<secret>"'],
  },
  'provider-uuid-key': {
    tp: [
      `HEROKU_API_KEY = "${random(8, HEX)}-${random(4, HEX)}-${random(4, HEX)}-${random(4, HEX)}-${random(12, HEX)}"`,
      'SNYK_TOKEN := "12345678-ABCD-ABCD-ABCD-1234567890AB"',
    ],
    fp: ['SNYK_TOKEN = "${SNYK_TOKEN}"', 'heroku_app_id = 7'],
  },
  'atlassian-legacy-token': {
    tp: [`JIRA_API_TOKEN=${random(24)}`],
    fp: ['getPagesInConfluenceSpace,searchConfluenceUsingCql'],
  },
  'okta-access-token': {
    tp: [`"oktaApiToken": "00${random(40, b64url)}"`],
    fp: ['oktaKey = 00000000000000000000000000000000000TUVWXYZ', `rookTable = 00${random(40)}`],
  },
  'sonar-api-token': {
    tp: [`SONAR_TOKEN = "squ_${random(40, HEX)}"`, `SONAR.LOGIN ?= "${random(40, HEX)}"`],
    fp: ['SONAR_TOKEN = "${SONAR_TOKEN}"'],
  },
  'sourcegraph-legacy-token': {
    tp: [`sourcegraph: ${random(40, HEX)}`],
    fp: ['sourcegraph: short'],
  },
  'mailchimp-api-key': {
    tp: [`mailchimp_api_key: ${random(32, HEX)}-us18`],
    fp: [`MailchimpSDK.initialize(token: ${random(32, HEX)}-us18)`],
  },
  'twilio-auth-token': {
    tp: [`TWILIO_AUTH_TOKEN=${random(32, HEX)}`],
    fp: ['TWILIO_AUTH_TOKEN=${TOKEN}'],
  },
  'sumologic-access-id': {
    tp: [`SUMO_ACCESS_ID = "su${random(12)}"`],
    fp: ['sumObj = suGyI5imvADdvU', 'export SUMOLOGIC_ACCESSID=XXXXXXXXXXXXXX'],
  },
  'sumologic-access-key': {
    tp: [`SUMO_ACCESS_KEY: ${random(64)}`],
    fp: [`sumOfExposures = ${random(64)};`],
  },
  'sidekiq-secret': {
    tp: [`export BUNDLE_GEMS__CONTRIBSYS__COM=${random(8, HEX)}:${random(8, HEX)}`],
    fp: ['BUNDLE_GEMS__CONTRIBSYS__COM: ${SIDEKIQ}'],
  },
  'nuget-config-password': {
    tp: [
      `<add key="ClearTextPassword" value="${random(14)}" />`,
      '<add key="Password" value="TestSource%Password%" />',
    ],
    fp: [
      '<add key="ClearTextPassword" value="%TestSourcePassword%" />',
      '<add key="ClearTextPassword" value="abc" />',
    ],
  },
  'kubernetes-secret': {
    tp: [
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ndata:\n  password: ${btoa(random(12))}\n`,
      `apiVersion: v1\nkind: Secret\nstringData:\n  token: ${random(20)}\n---\nkind: ConfigMap\n`,
    ],
    fp: [
      'apiVersion: v1\nkind: ConfigMap\ndata:\n  password: c2VjcmV0LXZhbHVl\n',
      'kind: Secret\ndata:\n  password: {{ .Values.Password }}\n',
      'kind: ExternalSecret\ndata:\n  key: c2VjcmV0LXZhbHVl\n',
    ],
  },
  'curl-header-credential': {
    tp: [
      `curl -H "Token: ${random(16, HEX)}" https://api.example.com`,
      `curl --header 'X-Api-Key: ${random(24)}'`,
    ],
    fp: ['curl -H "apikey: $API_KEY" https://x', 'curl -H "Authorization: Bearer <token>"'],
  },
  'private-key': {
    tp: [`-----BEGIN RSA PRIVATE KEY-----\n${pemBody()}\n-----END RSA PRIVATE KEY-----`],
    fp: ['-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'],
  },
  ...FORMAT_SAMPLES,
};
