// secretlint with its recommended preset, set up once for the bench: the leak scanner's peer,
// and the scanning step of the pipeline a user would write instead of checkReply.
import { lintSource } from '@secretlint/core';
import { creator as secretlintPreset } from '@secretlint/secretlint-rule-preset-recommend';

const config = {
  rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: secretlintPreset }],
};

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
