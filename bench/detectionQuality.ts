// Detection quality beside secretlint (issue 28, item 5): recall on the shared corpora (the
// secretlint fixtures with a secret, the gitleaks true positives of providers replyguard covers)
// and false positives on the benign corpus of assistant replies (test/fixtures/benign), for
// replyguard's scanLeaks and secretlint's recommended preset on the same texts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benignReplies } from '../test/leaks/benignCorpus';
import { familyOf, gitleaksVectors, secretlintCases, secretsDir } from '../test/leaks/corpus';
import { secretlintFindings } from './secretlintFindings';

/** The counts of one scanner on the three corpora. */
export interface DetectionQuality {
  readonly fixtures: number;
  readonly vectors: number;
  readonly benignFlagged: number;
}

/** What both scanners found, and of how many. */
export interface DetectionReport {
  readonly fixtureCases: number;
  readonly vectorCases: number;
  readonly benignCases: number;
  readonly replyguard: DetectionQuality;
  readonly secretlint: DetectionQuality;
}

// secretlint reads npm's files by their names: its npm fixtures are given theirs.
const inputName = (name: string) =>
  name.startsWith('npm/') && !name.includes('NPM_ACCESS')
    ? `/case/${name.includes('lock') ? 'package-lock.json' : name.includes('package.json') ? 'package.json' : '.npmrc'}`
    : '/case/input.txt';

/** Runs both scanners over the corpora: `scanLeaks` is the built package's. */
export async function detectionQuality(
  scanLeaks: (text: string) => readonly unknown[],
): Promise<DetectionReport> {
  const skips = JSON.parse(readFileSync(join(secretsDir, 'skip.json'), 'utf8')) as Record<
    string,
    string
  >;
  const fixtures = secretlintCases().filter(
    (c) => c.text !== undefined && c.expectFinding && !(c.name in skips),
  );
  const vectors = gitleaksVectors().filter((v) => v.kind === 'tp' && familyOf(v.rule));
  const benign = benignReplies();
  const count = async (
    texts: readonly string[],
    found: (text: string, k: number) => Promise<boolean>,
  ) => {
    let n = 0;
    for (let k = 0; k < texts.length; k++) if (await found(texts[k]!, k)) n++;
    return n;
  };
  const ours = async (text: string) => scanLeaks(text).length > 0;
  const fixtureTexts = fixtures.map((c) => c.text!);
  const vectorTexts = vectors.map((v) => v.text);
  const benignTexts = benign.map((r) => r.text);
  return {
    fixtureCases: fixtures.length,
    vectorCases: vectors.length,
    benignCases: benign.length,
    replyguard: {
      fixtures: await count(fixtureTexts, ours),
      vectors: await count(vectorTexts, ours),
      benignFlagged: await count(benignTexts, ours),
    },
    secretlint: {
      fixtures: await count(
        fixtureTexts,
        async (text, k) => (await secretlintFindings(text, inputName(fixtures[k]!.name))) > 0,
      ),
      vectors: await count(vectorTexts, async (text) => (await secretlintFindings(text)) > 0),
      benignFlagged: await count(benignTexts, async (text) => (await secretlintFindings(text)) > 0),
    },
  };
}

/** Prints the report: recall on each corpus and false positives on the benign one. */
export function printDetectionQuality(report: DetectionReport): void {
  const { replyguard: ours, secretlint: theirs } = report;
  const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  console.log(
    `recall, secretlint fixtures (${report.fixtureCases} cases with a secret): replyguard ${ours.fixtures}, secretlint ${theirs.fixtures}`,
  );
  console.log(
    `recall, gitleaks true positives in scope (${report.vectorCases}): replyguard ${ours.vectors}, secretlint ${theirs.vectors}`,
  );
  console.log(
    `false positives, benign assistant replies (${report.benignCases}): replyguard ${ours.benignFlagged} (${percent(ours.benignFlagged, report.benignCases)}), secretlint ${theirs.benignFlagged} (${percent(theirs.benignFlagged, report.benignCases)})`,
  );
}
