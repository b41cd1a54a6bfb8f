import { describe, expect, it } from 'vitest';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { scanText } from '../../src/leaks/scanText';
import { random } from './ruleSamples';

// Issue 28, item 4: identifiers under key-like names are no secrets; a generic assignment needs a
// secret-shaped value. Each case below was masked before; each true positive beside it is kept.
const HEX = '0123456789abcdef';
const uuid = () =>
  `${random(8, HEX)}-${random(4, HEX)}-4${random(3, HEX)}-a${random(3, HEX)}-${random(12, HEX)}`;
const rulesOf = (text: string) => scanText(text, LEAK_RULES).map((f) => f.rule);

describe('ids by name and shape are not masked', () => {
  it.each([
    ['an Azure tenant id', `AZURE_TENANT_ID=${uuid()}`],
    ['an Azure client id', `AZURE_CLIENT_ID=${uuid()}`],
    ['an AD tenant id in YAML', `ad_tenant_id: "${uuid()}"`],
    ['a Heroku app id', `HEROKU_APP_ID=${uuid()}`],
    ['a Heroku app id in camelCase', `herokuAppId: "${uuid()}"`],
    ['a Snyk org id', `SNYK_ORG_ID=${uuid()}`],
    ['an Idempotency-Key header', `Idempotency-Key: ${uuid()}`],
    ['an idempotency key in curl', `curl -H "Idempotency-Key: ${uuid()}" https://api.x.dev`],
    ['an idempotency_key of hex', `idempotency_key = "${random(32, HEX)}"`],
    ['an S3 object key path', `object_key = "uploads/2024/11/05/invoice-${random(16, HEX)}.pdf"`],
    ['an s3_key path', 's3_key: "backups/prod/db-2024-11-05T03-00-00Z.sql.gz"'],
    ['PWD in env output', 'PWD=/home/deploy/apps/billing-service/releases/20241105T0300Z'],
    ['OLDPWD in env output', 'OLDPWD=/var/lib/postgresql/14/main/pg_wal/archive_status'],
    ['a DynamoDB partition key', `"partition_key": "customer_id#${random(12, HEX)}"`],
    ['a partition key named in prose', `message key = "${uuid()}"`],
    [
      'a password policy string',
      'password_policy: "minLength=12;requireUpper=true;requireDigit=true;requireSymbol=true"',
    ],
    ['a password regex', 'PASSWORD_PATTERN="^(?=.*[A-Z])(?=.*\\d).{12,64}$"'],
    [
      'a KMS key-version path',
      'KMS_KEY=projects/p/locations/global/keyRings/app-ring/cryptoKeys/db-key/cryptoKeyVersions/3',
    ],
    [
      'a Secrets Manager ARN',
      'secret_arn = "arn:aws:secretsmanager:eu-west-1:210987654321:secret:app/stripe-Xy7Q2m"',
    ],
    ['an anonymous FTP URL', 'ftp://anonymous:guest@ftp.example.org/pub/'],
    ['an anonymous FTP URL with an address', 'ftp://anonymous:me%40example.com@ftp.debian.org/'],
    ['a PagerDuty dedup_key', `"dedup_key": "${random(32, HEX)}"`],
    ['a dedup_key path', 'dedup_key: "srv01/disk-full/2024-11-05"'],
    ['a YAML authorization block', 'authorization:\n  credentials_file: /etc/prom/token'],
    ['a query string after an auth name', 'callback?authuser=0&prompt=consent'],
  ])('%s', (_what, text) => {
    expect(rulesOf(text)).toEqual([]);
  });
});

describe('the secrets beside them are still masked', () => {
  it.each([
    [
      'an Azure client secret',
      `AZURE_CLIENT_SECRET="${random(40)}"`,
      'azure-credential-assignment',
    ],
    ['a Heroku API key (a UUID)', `HEROKU_API_KEY=${uuid()}`, 'provider-uuid-key'],
    ['a Snyk token (a UUID)', `SNYK_TOKEN=${uuid()}`, 'provider-uuid-key'],
    ['a name ending in "id" inside a word', `herokuKeyValid = "${uuid()}"`, 'provider-uuid-key'],
    ['a UUID under an api key name', `api_key = "${uuid()}"`, 'high-entropy-assignment'],
    ['a PagerDuty routing key', `routing_key = "${random(32)}"`, 'high-entropy-assignment'],
    ['a password under a password name', `db_password = "${random(14)}"`, 'password-assignment'],
    [
      'a base64 secret with slashes',
      `aws_secret_access_key = ${random(18)}/${random(21)}`,
      'aws-secret-access-key',
    ],
    [
      'an FTP login that is not anonymous',
      `ftp://deploy:${random(14)}@ftp.acme.dev/`,
      'basic-auth-url',
    ],
    [
      'an anonymous user with a real password over HTTPS',
      `https://anonymous:${random(14)}@x.dev/`,
      'basic-auth-url',
    ],
    [
      'a raw token in an Authorization header',
      `Authorization: ${random(32)}`,
      'authorization-header',
    ],
    [
      'an API key header',
      `curl -H "X-Api-Key: ${random(24)}" https://x.dev`,
      'curl-header-credential',
    ],
    [
      'a Sumo Logic access id (half of a key pair)',
      `SUMO_ACCESS_ID=su${random(12)}`,
      'sumologic-access-id',
    ],
  ])('%s', (_what, text, rule) => {
    expect(rulesOf(text)).toContain(rule);
  });
});
