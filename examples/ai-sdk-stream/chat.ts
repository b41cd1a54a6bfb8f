// The AI SDK's streamText with replyguard as middleware, against any OpenAI-compatible API.
//
//   OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=sk-... MODEL=gpt-4o-mini \
//   MEMBERS=u1,u2 npx tsx examples/ai-sdk-stream/chat.ts "Tell @u1 the build is green"
//
// The text stream carries only the validated segment reply (as JSON) or the failure notice: the
// answer is buffered and checked first, a malformed one gets one format correction, and the
// verdict arrives in providerMetadata.replyguard.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, wrapLanguageModel } from 'ai';
import { replyguardMiddleware } from 'replyguard/ai-sdk';

const apiKey = process.env.OPENAI_API_KEY;
const upstream = createOpenAICompatible({
  name: 'upstream',
  baseURL: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
  supportsStructuredOutputs: true,
  includeUsage: true,
  ...(apiKey ? { apiKey } : {}),
});
const model = wrapLanguageModel({
  model: upstream.chatModel(process.env.MODEL ?? 'gpt-4o-mini'),
  middleware: replyguardMiddleware({
    failureNotice: 'Sorry, I could not answer that properly. Please try again.',
  }),
});
const members = (process.env.MEMBERS ?? '').split(',').filter(Boolean);

const result = streamText({
  model,
  system: 'You are a friendly assistant in a team chat.',
  prompt: process.argv.slice(2).join(' ') || 'Say hello to the group.',
  // Per call: who may be mentioned in this conversation.
  providerOptions: { replyguard: { mentions: members } },
  abortSignal: AbortSignal.timeout(120_000),
  maxRetries: 1,
});
for await (const delta of result.textStream) process.stdout.write(delta);
process.stdout.write('\n');

const verdict = (await result.providerMetadata)?.replyguard as
  { status?: string; meta?: { attempts?: number } } | undefined;
console.error(`replyguard: ${verdict?.status} after ${verdict?.meta?.attempts} attempt(s)`);
if (verdict?.status !== 'completed') process.exitCode = 1;
