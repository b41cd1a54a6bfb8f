import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const secretsDir = fileURLToPath(new URL('../fixtures/secrets/', import.meta.url));

/** One secretlint snapshot case: its text and whether a finding is expected. */
export interface SecretlintCase {
  readonly name: string;
  readonly rule: string;
  readonly text: string | undefined;
  readonly expectFinding: boolean;
  readonly allows: string[];
}

const NOT_INPUT = new Set(['output.json', 'README.md', 'options.json', '.secretlintrc.json']);

/** Every secretlint case; output.json's messages decide whether a finding is expected. */
export function secretlintCases(): SecretlintCase[] {
  const root = join(secretsDir, 'secretlint');
  const cases: SecretlintCase[] = [];
  for (const rule of readdirSync(root).filter((name) =>
    existsSync(join(root, name, 'snapshots')),
  )) {
    for (const name of readdirSync(join(root, rule, 'snapshots'))) {
      const dir = join(root, rule, 'snapshots', name);
      const input = readdirSync(dir).find((file) => !NOT_INPUT.has(file));
      const bytes = input ? readFileSync(join(dir, input)) : undefined;
      const binary = !bytes || input!.endsWith('.p12') || bytes.includes(0);
      const expected = JSON.parse(readFileSync(join(dir, 'output.json'), 'utf8')) as {
        messages: unknown[];
      };
      const config = existsSync(join(dir, '.secretlintrc.json'))
        ? JSON.parse(readFileSync(join(dir, '.secretlintrc.json'), 'utf8'))
        : undefined;
      cases.push({
        name: `${rule}/${name}`,
        rule,
        text: binary ? undefined : bytes.toString('utf8'),
        // What secretlint itself reports is the ground truth (an `ng.` name with no message exists).
        expectFinding: expected.messages.length > 0,
        allows: config?.rules?.[0]?.options?.allows ?? [],
      });
    }
  }
  return cases;
}

/** Our rule families that stand for each secretlint rule folder (for counting false positives). */
export const SECRETLINT_FAMILIES: Record<string, string[]> = {
  aws: ['aws'],
  gcp: ['gcp', 'private-key'],
  github: ['github'],
  slack: ['slack'],
  npm: ['npm', 'basic-auth'],
  openai: ['openai'],
  anthropic: ['anthropic'],
  privatekey: ['private-key'],
  basicauth: ['basic-auth'],
  sendgrid: ['sendgrid'],
  shopify: ['shopify'],
  azure: ['azure'],
  linear: ['linear'],
  '1password': ['1password'],
  'hashicorp-vault': ['hashicorp'],
  'database-connection-string': ['database'],
};

/** One gitleaks vector. */
export interface GitleaksVector {
  readonly rule: string;
  readonly kind: 'tp' | 'fp';
  readonly text: string;
}

export function gitleaksVectors(): GitleaksVector[] {
  return JSON.parse(readFileSync(join(secretsDir, 'gitleaks-vectors.json'), 'utf8'));
}

/** Our family for a gitleaks rule id, or undefined when the provider is out of our scope. */
export function familyOf(gitleaksRule: string): string | undefined {
  const prefixes: [string, string][] = [
    ['aws-', 'aws'],
    ['gcp-', 'gcp'],
    ['github-', 'github'],
    ['gitlab-', 'gitlab'],
    ['slack-', 'slack'],
    ['openai-', 'openai'],
    ['anthropic-', 'anthropic'],
    ['stripe-', 'stripe'],
    ['sendgrid-', 'sendgrid'],
    ['shopify-', 'shopify'],
    ['npm-', 'npm'],
    ['azure-', 'azure'],
    ['linear-', 'linear'],
    ['1password-', '1password'],
    ['vault-', 'hashicorp'],
    ['hashicorp-', 'hashicorp'],
    ['private-key', 'private-key'],
    ['jwt', 'jwt'],
    ['generic-api-key', 'generic'],
    ['curl-auth-header', 'http'],
    ['curl-auth-user', 'basic-auth'],
  ];
  return prefixes.find(
    ([prefix]) => gitleaksRule === prefix || gitleaksRule.startsWith(prefix),
  )?.[1];
}
