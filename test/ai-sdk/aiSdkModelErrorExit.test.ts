import { describe, expect, it } from 'vitest';
import { AI_SDK_MESSAGE_MAX, AiSdkModelError } from '../../src/ai-sdk/aiSdkModelError';
import { random } from '../leaks/ruleSamples';

// Issue 26, item 1: an AI SDK model's failure message is masked, then shortened. It used to be
// cut at 300 characters first, so a token crossing the cut kept too few characters for its rule
// and left unmasked in part.
describe('AiSdkModelError', () => {
  it.each([
    ['a stream error part', (text: string) => ({ message: text, code: 'bad' })],
    ['a string', (text: string) => text],
    ['an object without a message', (text: string) => ({ detail: text })],
  ])('%s: a token crossing the cut is masked whole', (_name, shape) => {
    for (const before of [250, 270, 285]) {
      const token = `ghp_${random(36)}`;
      const error = new AiSdkModelError(shape(`${'x '.repeat(before / 2)}${token} tail`), 'stream');
      expect(error.message.length).toBeLessThanOrEqual(AI_SDK_MESSAGE_MAX + 40);
      for (let at = 0; at + 8 <= token.length; at++)
        expect(error.message, `at ${before}`).not.toContain(token.slice(at, at + 8));
    }
  });
});
