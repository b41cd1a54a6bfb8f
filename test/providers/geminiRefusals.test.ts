import { afterEach, describe, expect, it } from 'vitest';
import { geminiFinishReason } from '../../src/providers/geminiFinishReason';
import { geminiProvider } from '../../src/providers/geminiProvider';
import { enforceReply } from '../../src/reply/enforceReply';
import { fakeUpstreamPerTest } from './fakeUpstream';

// Every Gemini stop that means the provider withheld the answer ends the turn REFUSED, even when
// the text it sent before stopping is a valid reply; the other stops do not.

const serve = fakeUpstreamPerTest(afterEach);
const valid = '{"segments":[{"type":"text","data":{"text":"Hello"}}]}';
const REFUSALS = [
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
  'MODEL_ARMOR',
] as const;
const usage = { promptTokenCount: 12, candidatesTokenCount: 9, totalTokenCount: 21 };
const candidate = (finishReason: string) => ({
  candidates: [{ content: { role: 'model', parts: [{ text: valid }] }, finishReason }],
  usageMetadata: usage,
});

async function turn(finishReason: string, streaming: boolean) {
  const server = await serve(
    streaming
      ? { kind: 'sse', frames: [`data: ${JSON.stringify(candidate(finishReason))}\r\n\r\n`] }
      : { kind: 'json', body: candidate(finishReason) },
  );
  const result = await enforceReply({
    provider: geminiProvider({ baseUrl: server.baseUrl, model: 'gemini-2.5-flash', streaming }),
    messages: [{ role: 'user', content: 'hi' }],
  });
  return { result, calls: server.requests.length };
}

describe('Gemini refusals', () => {
  it('reads each policy stop as a content filter, and the others as not', () => {
    expect(REFUSALS.map(geminiFinishReason)).toEqual(REFUSALS.map(() => 'content_filter'));
    expect(
      ['STOP', 'MAX_TOKENS', 'OTHER', 'LANGUAGE', 'MALFORMED_FUNCTION_CALL', 'IMAGE_OTHER'].map(
        geminiFinishReason,
      ),
    ).toEqual(['stop', 'length', 'other', 'other', 'other', 'other']);
  });

  for (const streaming of [false, true])
    for (const reason of ['PROHIBITED_CONTENT', 'MODEL_ARMOR', 'SPII'])
      it(`${reason} after a valid reply ends the turn REFUSED (${streaming ? 'streamed' : 'whole'})`, async () => {
        const { result, calls } = await turn(reason, streaming);
        expect(result.status).toBe('validation_failed');
        expect(result.issues).toEqual([
          expect.objectContaining({ code: 'REFUSED', message: expect.stringContaining(reason) }),
        ]);
        // A refusal is not corrected.
        expect(calls).toBe(1);
      });

  it('the same reply with STOP is delivered', async () => {
    const { result } = await turn('STOP', true);
    expect(result.status).toBe('completed');
  });

  for (const blockReason of ['PROHIBITED_CONTENT', 'BLOCKLIST', 'OTHER', 'MODEL_ARMOR'])
    it(`a prompt blocked for ${blockReason} is REFUSED`, async () => {
      const server = await serve({
        kind: 'json',
        body: { promptFeedback: { blockReason }, usageMetadata: usage },
      });
      const result = await enforceReply({
        provider: geminiProvider({ baseUrl: server.baseUrl, model: 'm', streaming: false }),
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(result.issues.map((issue) => issue.code)).toEqual(['REFUSED']);
    });
});
