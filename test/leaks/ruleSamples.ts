// Synthetic true and false positives for every built-in rule. Token bodies come from a seeded
// generator, so the file holds no real-looking credential literals.
let state = 0x9e3779b9;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HEX = '0123456789abcdef';
/** A pseudo-random string of `length` characters from `alphabet` (a fixed seed: stable across runs). */
export function random(length: number, alphabet = ALNUM): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
  }
  return out;
}

const b64url = ALNUM + '-_';
const jwtPart = (json: object) => btoa(JSON.stringify(json)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const pemBody = () => Array.from({ length: 6 }, () => random(64, ALNUM + '+/')).join('\n');

export const RULE_SAMPLES: Record<string, { tp: string[]; fp: string[] }> = {
  'aws-access-key-id': { tp: [`key id AKIA${random(16, UPPER)} here`], fp: ['AKIA is a prefix', `AKIA${random(10, UPPER)}`] },
  'aws-secret-access-key': { tp: [`aws_secret_access_key = ${random(40, ALNUM + '/+')}`], fp: ['aws_secret_access_key = <your secret here>'] },
  'aws-bedrock-api-key': { tp: [`ABSK${random(120, ALNUM + '+/')}`], fp: ['ABSK is short'] },
  'gcp-api-key': { tp: [`"apiKey": "AIza${random(35, b64url)}"`], fp: ['AIzaTooShort123'] },
  'github-token': { tp: [`token ghp_${random(36)}`, `gho_${random(36)}`], fp: ['ghp_short', `ghp_${'x'.repeat(36)}`] },
  'github-fine-grained-pat': { tp: [`github_pat_${random(22)}_${random(59)}`], fp: ['github_pat_tooshort'] },
  'gitlab-token': { tp: [`glpat-${random(20, b64url)}`], fp: ['glpat-short', 'glpat-XXXXXXXXXXXXXXXXXXXX'] },
  'slack-token': { tp: [`xoxb-${random(11, HEX.slice(0, 10))}-${random(13, HEX.slice(0, 10))}-${random(24)}`], fp: ['xoxb-12345-abcd', 'xoxe.xoxp-1-PLACEHOLDER'] },
  'slack-app-token': { tp: [`xapp-1-A${random(10, UPPER)}-${random(13, '0123456789')}-${random(64, HEX)}`], fp: ['xapp-1-'] },
  'slack-webhook-url': { tp: [`https://hooks.slack.com/services/T${random(8, UPPER)}/B${random(8, UPPER)}/${random(24)}`], fp: ['https://hooks.slack.com/'] },
  'openai-api-key': { tp: [`sk-proj-${random(40, b64url)}T3BlbkFJ${random(40, b64url)}`], fp: [`sk-${random(48)}`] },
  'anthropic-api-key': { tp: [`sk-ant-api03-${random(93, b64url)}AA`], fp: ['sk-ant-api03-short', `ssk-ant-api03-${random(93, b64url)}AA`] },
  'stripe-key': { tp: [`sk_live_${random(24)}`, `rk_test_${random(24)}`], fp: ['sk_live_', 'task_test_x'] },
  'sendgrid-api-key': { tp: [`SG.${random(22, b64url)}.${random(43, b64url)}`], fp: ['SG.short.value'] },
  'shopify-token': { tp: [`shpat_${random(32, HEX)}`], fp: ['shpat_abc', 'shpssSSSS_SSS'] },
  'npm-token': { tp: [`npm_${random(36)}`], fp: ['npm_install', `npm_${random(20)}`] },
  'npmrc-auth-token': { tp: [`//registry.npmjs.org/:_authToken=${random(36)}`], fp: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}'] },
  'azure-client-secret': { tp: [`client_secret=${random(3)}8Q~${random(34, ALNUM + '_.-')}`], fp: ['Q~ alone'] },
  'azure-storage-key': { tp: [`DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${random(86, ALNUM + '+/')}==`], fp: ['AccountKey=short'] },
  'azure-credential-assignment': { tp: [`AZURE_CLIENT_SECRET="${random(40)}"`], fp: ['AZURE_CLIENT_SECRET="your-client-secret-goes-here-000000"'] },
  'linear-api-key': { tp: [`lin_api_${random(40)}`], fp: ['lin_api_short'] },
  '1password-secret-key': { tp: [`A3-${random(6, UPPER)}-${random(11, UPPER)}-${random(5, UPPER)}-${random(5, UPPER)}-${random(5, UPPER)}`], fp: ['A3-XXXXXX-XXXXXXXXXXX-XXXXX-XXXXX-XXXXX'] },
  '1password-service-account-token': { tp: [`ops_${jwtPart({ signInAddress: 'my.1password.com', userAuth: { method: 'SRPg-4096', alg: 'PBES2g-HS256', iterations: 650000, salt: random(22) }, email: 'sa@example.com' })}`], fp: ['ops_DUMMY'] },
  'vault-token': { tp: [`VAULT_TOKEN=hvs.${random(90, b64url)}`], fp: ['hvs.abc', `xhvs.${random(30)}`] },
  'vault-legacy-token': { tp: [`vault_token: s.${random(22)}1a`], fp: ['token: s.short'] },
  'terraform-cloud-token': { tp: [`${random(14, HEX)}.atlasv1.${random(67, ALNUM)}`], fp: ['x.atlasv1.y'] },
  'jwt': { tp: [`Bearer ${jwtPart({ alg: 'HS256', typ: 'JWT' })}.${jwtPart({ sub: '1234567890', name: 'A', iat: 1516239022 })}.${random(43, b64url)}`], fp: ['eyes.eyebrows.eyelids'] },
  'basic-auth-url': { tp: [`https://deploy:${random(12)}@api.example.com/v1`], fp: ['https://${user}:${pass}@example.com', 'https://user:abc@example.com', 'https://username:password@example.com'] },
  'database-connection-string': { tp: [`postgres://app:${random(14)}@db.internal:5432/prod`], fp: ['mongodb://username:password@localhost:27017/db', 'mysql://user:${PASSWORD}@host/db'] },
  'curl-user-credentials': { tp: [`curl -u admin:${random(12)} https://localhost:9200`], fp: ['curl -u <user:password> https://example.com'] },
  'authorization-header': { tp: [`Authorization: Basic ${btoa('svc:' + random(12))}`], fp: ['Authorization: Bearer <token>'] },
  'bearer-token': { tp: [`use bearer ${random(32, b64url)}`], fp: ['bearer of bad news'] },
  'password-assignment': { tp: [`db_password = "${random(10)}9"`], fp: ['password = "${DB_PASSWORD}"', 'password = "password"'] },
  'high-entropy-assignment': { tp: [`API_SECRET=${random(32)}7`], fp: ['api_key_name = "NEXUS-GPT4-API-KEY"', 'secret_length = X25519.secret_length', 'client_id = "29f63271-dc2f-4734-8221-5b31b5169bac"'] },
  'private-key': { tp: [`-----BEGIN RSA PRIVATE KEY-----\n${pemBody()}\n-----END RSA PRIVATE KEY-----`], fp: ['-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----'] },
};
