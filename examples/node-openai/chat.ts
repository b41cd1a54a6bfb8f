// One guarded chat turn against any OpenAI-compatible API, from Node.
//
//   OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=sk-... MODEL=gpt-4o-mini \
//   MEMBERS=u1,u2 npx tsx examples/node-openai/chat.ts "Tell @u1 the build is green"
//
// The model is asked for chat segments (the schema goes as a strict response_format); replyguard
// parses the answer strictly, checks mentions against MEMBERS, masks leaks, allows one format
// correction, and prints the segments to deliver (or the fixed failure notice) as JSON on stdout.
import { enforceReply, formatIssues, openAiChatProvider } from 'replyguard';

const apiKey = process.env.OPENAI_API_KEY;
const provider = openAiChatProvider({
  baseUrl: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
  model: process.env.MODEL ?? 'gpt-4o-mini',
  ...(apiKey ? { apiKey } : {}),
});
const members = (process.env.MEMBERS ?? '').split(',').filter(Boolean);
const question = process.argv.slice(2).join(' ') || 'Say hello to the group.';

const result = await enforceReply({
  provider,
  system: 'You are a friendly assistant in a team chat.',
  messages: [{ role: 'user', content: question }],
  mentions: { allowed: members },
  failureNotice: 'Sorry, I could not answer that properly. Please try again.',
  signal: AbortSignal.timeout(120_000),
});

switch (result.status) {
  case 'completed':
    console.log(JSON.stringify(result.value));
    break;
  case 'validation_failed':
  case 'error':
    // Nothing the model wrote is sent: the host's notice instead, and the reasons in the log.
    console.log(JSON.stringify(result.notice));
    console.error(formatIssues(result.issues));
    process.exitCode = 1;
    break;
  case 'interrupted':
    console.error(formatIssues(result.issues));
    process.exitCode = 1;
    break;
}
console.error(
  `replyguard: ${result.status} after ${result.meta.attempts} attempt(s) at ${result.meta.stage}; ${result.usage.inputTokens}+${result.usage.outputTokens} tokens`,
);
