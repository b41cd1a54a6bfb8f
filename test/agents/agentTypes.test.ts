import { describe, expect, it } from 'vitest';
import { compileSnippets } from '../readme/compileSnippets';

// Users' code with each agent runtime, compiled as the README checker compiles it (strict,
// exactOptionalPropertyTypes, bundler resolution) against the frameworks' own types: the adapters
// fit where each framework takes them, with no cast, and type what they give back.

const openaiAgents = `
import { Agent, OutputGuardrailTripwireTriggered, run } from '@openai/agents';
import { z } from 'zod';
import { segmentInstruction, type SegmentReply } from 'replyguard';
import { replyguardOutputGuardrail, segmentOutputType, type ReplyguardVerdict } from 'replyguard/openai-agents';

const options = { mentions: { allowed: ['u1'] }, failureNotice: 'Sorry!' };
const agent = new Agent({
  name: 'chat',
  instructions: \`You chat.\\n\\n\${segmentInstruction()}\`,
  outputType: segmentOutputType(options),
  outputGuardrails: [replyguardOutputGuardrail(options)],
});
try {
  const reply: SegmentReply | undefined = (await run(agent, 'hi')).finalOutput;
  const text: string | undefined = (await run(new Agent({ name: 'text', outputGuardrails: [replyguardOutputGuardrail()] }), 'hi')).finalOutput;
  const typed = new Agent({ name: 'z', outputType: z.object({ a: z.string() }), outputGuardrails: [replyguardOutputGuardrail()] });
  const a: string | undefined = (await run(typed, 'hi')).finalOutput?.a;
  console.log(reply, text, a);
} catch (error) {
  if (error instanceof OutputGuardrailTripwireTriggered) {
    const verdict = error.result.output.outputInfo as ReplyguardVerdict;
    console.log(verdict.reply.segments, verdict.issues[0]?.code);
  }
}
`;

const langchain = `
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { enforceReply, type SegmentReply, type SegmentReplyResult } from 'replyguard';
import { ReplyguardParserException, langchainProvider, replyguardOutputParser, replyguardRunnable } from 'replyguard/langchain';

const model = new FakeListChatModel({ responses: ['{"segments":[]}'] });
const parser = replyguardOutputParser({ mentions: { allowed: ['u1'] } });
const prompt = ChatPromptTemplate.fromTemplate('{input}');
try {
  const reply: SegmentReply = await prompt.pipe(model).pipe(parser).invoke({ input: 'hi' });
  const result: SegmentReplyResult = await prompt.pipe(replyguardRunnable({ model, system: 'You chat.', maxToolSteps: 2 })).invoke({ input: 'hi' });
  await enforceReply({ provider: langchainProvider(model.bindTools([])), messages: [{ role: 'user', content: 'hi' }] });
  console.log(reply, result, parser.getFormatInstructions());
} catch (error) {
  if (error instanceof ReplyguardParserException) console.log(error.issues, error.notice.segments);
}
`;

const mastra = `
import { Agent } from '@mastra/core/agent';
import { MockLanguageModelV3 } from 'ai/test';
import { replyguardProcessor, type ReplyguardTripwire } from 'replyguard/mastra';

const agent = new Agent({
  id: 'chat',
  name: 'chat',
  instructions: 'You chat.',
  model: new MockLanguageModelV3(),
  outputProcessors: [replyguardProcessor({ mentions: { allowed: ['u1'] }, maxCorrections: 1 })],
  maxProcessorRetries: 1,
});
const output = await agent.generate('hi');
const verdict = output.tripwire?.metadata as ReplyguardTripwire | undefined;
console.log(output.text, verdict?.notice.segments);
`;

const agentos = `
import { AgentOS, AgentOSResponseChunkType, type AgentOSConfig } from '@framers/agentos';
import { replyguardGuardrail } from 'replyguard/agentos';

declare const config: AgentOSConfig;
const agentos = new AgentOS();
await agentos.initialize({ ...config, guardrailService: replyguardGuardrail({ onRefused: 'block', streamDeltas: false }) });
for await (const chunk of agentos.processRequest({ userId: 'u', sessionId: 's', textInput: 'hi' }))
  if (chunk.type === AgentOSResponseChunkType.FINAL_RESPONSE) console.log(chunk.finalResponseText);
`;

// Negative controls: what a user must not get away with.
const wrong = `
import { Agent, run } from '@openai/agents';
import { segmentOutputType } from 'replyguard/openai-agents';
import { replyguardOutputParser } from 'replyguard/langchain';
const agent = new Agent({ name: 'chat', outputType: segmentOutputType() });
const text: string = (await run(agent, 'hi')).finalOutput!;
const reply: string = await replyguardOutputParser().parse('{}');
console.log(text, reply);
`;

const results = compileSnippets(
  [
    { name: 'openai-agents', code: openaiAgents },
    { name: 'langchain', code: langchain },
    { name: 'mastra', code: mastra },
    { name: 'agentos', code: agentos },
    { name: 'wrong', code: wrong },
  ],
  { types: ['node'] },
);

describe('the agent adapters in users’ code (strict, exactOptionalPropertyTypes)', () => {
  it.each(['openai-agents', 'langchain', 'mastra', 'agentos'])('%s compiles', (name) => {
    expect(results.find((result) => result.name === name)!.errors).toEqual([]);
  });

  it('types what the adapters give back: a segment reply is not a string', () => {
    const errors = results.find((result) => result.name === 'wrong')!.errors;
    expect(errors).toHaveLength(2);
    expect(errors.every((error) => / TS2322 /.test(error))).toBe(true);
  });
});
