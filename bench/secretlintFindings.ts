// secretlint with its recommended preset, set up once for the bench: the leak scanner's peer,
// and the scanning step of the pipeline a user would write instead of checkReply.
import { performance } from 'node:perf_hooks';
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as secretlintPreset } from '@secretlint/secretlint-rule-preset-recommend';

const config = {
  rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: secretlintPreset }],
};

// secretlint's profiler observes every performance mark its calls make (36 a call) and, for each,
// searches all it has kept since the process began; Node delivers the marks in one batch on the
// next turn of the event loop, so after thousands of calls that batch took minutes (measured:
// after 8,800 calls a 2 s streamed turn of the bench took 14 minutes). The bench gives the
// profiler lists that keep nothing, and drops Node's marks between measurements.
const keepNothing = { push: () => 0, find: () => undefined };
const profiler = secretLintProfiler as unknown as {
  entries: unknown;
  measures: unknown;
  getMeasures(): Promise<unknown>;
};
profiler.entries = keepNothing;
profiler.measures = keepNothing;

/** The number of secrets secretlint (preset-recommend) finds in `content`, read as a text file. */
export async function secretlintFindings(
  content: string,
  filePath = '/reply/reply.txt',
): Promise<number> {
  const result = await lintSource({
    source: { filePath, content, contentType: 'text' },
    options: { config },
  });
  return result.messages.length;
}

/**
 * Drops the performance marks secretlint's calls left in Node, between measurements: after its
 * observer has seen them (it is called on the next turn) and its measures are taken, so none of
 * them looks for a mark that is gone.
 */
export async function settleSecretlint(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await profiler.getMeasures();
  performance.clearMarks();
  performance.clearMeasures();
}
