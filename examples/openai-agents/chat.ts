// One chat turn with the OpenAI Agents SDK, guarded by replyguard, against any OpenAI-compatible
// chat completions API.
//
//   OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=sk-... MODEL=gpt-4o-mini \
//   MEMBERS=u1,u2 npx tsx examples/openai-agents/chat.ts "Tell @u1 the build is green"
//
// The segment schema is the agent's output type (sent as a strict response_format), and the
// output guardrail checks what the model wrote: the segments to deliver (masked) are printed as
// JSON on stdout, or, when the guardrail trips, the fixed failure notice and the issues.
import {
  Agent,
  OpenAIProvider,
  OutputGuardrailTripwireTriggered,
  Runner,
  setTracingDisabled,
} from '@openai/agents';
import { formatIssues, segmentInstruction } from 'replyguard';
import {
  replyguardOutputGuardrail,
  segmentOutputType,
  type ReplyguardVerdict,
} from 'replyguard/openai-agents';

// Traces would go to OpenAI's own tracing API: off for an upstream that is not OpenAI.
setTracingDisabled(true);
const apiKey = process.env.OPENAI_API_KEY;
const runner = new Runner({
  modelProvider: new OpenAIProvider({
    baseURL: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    useResponses: false,
    ...(apiKey ? { apiKey } : {}),
  }),
});
const options = {
  mentions: { allowed: (process.env.MEMBERS ?? '').split(',').filter(Boolean) },
  failureNotice: 'Sorry, I could not answer that properly. Please try again.',
};
const agent = new Agent({
  name: 'chat',
  model: process.env.MODEL ?? 'gpt-4o-mini',
  instructions: `You are a friendly assistant in a team chat.\n\n${segmentInstruction()}`,
  outputType: segmentOutputType(options),
  outputGuardrails: [replyguardOutputGuardrail(options)],
});

try {
  const result = await runner.run(agent, process.argv.slice(2).join(' ') || 'Say hello.', {
    signal: AbortSignal.timeout(120_000),
  });
  console.log(JSON.stringify(result.finalOutput));
} catch (error) {
  if (!(error instanceof OutputGuardrailTripwireTriggered)) throw error;
  // Nothing the model wrote is sent: the verdict's reply (the notice here), the reasons in the log.
  const verdict = error.result.output.outputInfo as ReplyguardVerdict;
  console.log(JSON.stringify(verdict.reply));
  console.error(`replyguard: ${verdict.status}\n${formatIssues(verdict.issues)}`);
  process.exitCode = 1;
}
