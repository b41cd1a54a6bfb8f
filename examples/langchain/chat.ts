// One chat turn with LangChain.js, guarded by replyguard, against any OpenAI-compatible API.
// (@langchain/openai asks for Node 22 or later.)
//
//   OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=sk-... MODEL=gpt-4o-mini \
//   MEMBERS=u1,u2 npx tsx examples/langchain/chat.ts "Tell @u1 the build is green"
//
// A prompt template piped into replyguard's Runnable, which drives the whole turn over the chat
// model: the format instruction last in the system prompt, the answer checked strictly, one
// format correction at most. It prints the segments to deliver, or the fixed failure notice.
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { ChatOpenAI } from '@langchain/openai';
import { formatIssues } from 'replyguard';
import { replyguardRunnable } from 'replyguard/langchain';

const apiKey = process.env.OPENAI_API_KEY;
const model = new ChatOpenAI({
  model: process.env.MODEL ?? 'gpt-4o-mini',
  configuration: { baseURL: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1' },
  maxRetries: 0,
  ...(apiKey ? { apiKey } : {}),
});
const chain = ChatPromptTemplate.fromMessages([
  ['system', 'You are a friendly assistant in a team chat.'],
  ['human', '{question}'],
]).pipe(
  replyguardRunnable({
    model,
    mentions: { allowed: (process.env.MEMBERS ?? '').split(',').filter(Boolean) },
    failureNotice: 'Sorry, I could not answer that properly. Please try again.',
  }),
);

const result = await chain.invoke(
  { question: process.argv.slice(2).join(' ') || 'Say hello.' },
  { signal: AbortSignal.timeout(120_000) },
);
if (result.status === 'completed') console.log(JSON.stringify(result.value));
else if (result.status === 'interrupted') process.exitCode = 2;
else {
  // Nothing the model wrote is sent: the host's notice instead, and the reasons in the log.
  console.log(JSON.stringify(result.notice));
  console.error(`replyguard: ${result.status}\n${formatIssues(result.issues)}`);
  process.exitCode = 1;
}
