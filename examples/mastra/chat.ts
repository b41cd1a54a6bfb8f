// One chat turn with a Mastra agent, guarded by replyguard's output processor, against any
// OpenAI-compatible API. Mastra needs Node 22.13 or later.
//
//   OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=sk-... MODEL=gpt-4o-mini \
//   MEMBERS=u1,u2 npx tsx examples/mastra/chat.ts "Tell @u1 the build is green"
//
// The processor holds the model's text until the reply is checked: the stream carries only the
// checked (masked) reply, as JSON, after at most one correction through Mastra's retry; a refused
// reply ends in Mastra's tripwire, and the host sends its fixed notice instead.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Agent } from '@mastra/core/agent';
import { formatIssues, segmentInstruction } from 'replyguard';
import { replyguardProcessor, type ReplyguardTripwire } from 'replyguard/mastra';

const apiKey = process.env.OPENAI_API_KEY;
const upstream = createOpenAICompatible({
  name: 'upstream',
  baseURL: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
  includeUsage: true,
  ...(apiKey ? { apiKey } : {}),
});
const agent = new Agent({
  id: 'chat',
  name: 'chat',
  model: upstream.chatModel(process.env.MODEL ?? 'gpt-4o-mini'),
  instructions: `You are a friendly assistant in a team chat.\n\n${segmentInstruction()}`,
  outputProcessors: [
    replyguardProcessor({
      mentions: { allowed: (process.env.MEMBERS ?? '').split(',').filter(Boolean) },
      failureNotice: 'Sorry, I could not answer that properly. Please try again.',
    }),
  ],
  // The one correction: a refused reply is asked again once, its issues as the feedback.
  maxProcessorRetries: 1,
});

const output = await agent.stream(process.argv.slice(2).join(' ') || 'Say hello.', {
  abortSignal: AbortSignal.timeout(120_000),
});
for await (const delta of output.textStream) process.stdout.write(delta);
const tripwire = output.tripwire;
if (tripwire) {
  // Nothing the model wrote was streamed: the notice instead, and the reasons in the log.
  const verdict = tripwire.metadata as ReplyguardTripwire;
  process.stdout.write(JSON.stringify(verdict.notice));
  console.error(`replyguard: ${verdict.status}\n${formatIssues(verdict.issues)}`);
  process.exitCode = 1;
}
process.stdout.write('\n');
