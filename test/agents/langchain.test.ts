import { AIMessage } from '@langchain/core/messages';
import { OutputParserException } from '@langchain/core/output_parsers';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import {
  ReplyguardParserException,
  replyguardOutputParser,
  replyguardRunnable,
} from '../../src/langchain/index';
import { segmentInstruction } from '../../src/index';
import { ScriptedChatModel } from './langchainModels';
import {
  FENCED,
  GOOD,
  GOOD_VALUE,
  LEAKY,
  MASKED_VALUE,
  NOTICE,
  NOTICE_TEXT,
  TOKEN,
} from './replies';

// The parser and the Runnable run in LangChain's own chains: a prompt template, LangChain's fake
// list model or a scripted model on LangChain's BaseChatModel, invoked and streamed.
const options = { mentions: { allowed: ['u1'] }, failureNotice: NOTICE_TEXT };
const prompt = ChatPromptTemplate.fromMessages([
  ['system', 'You chat.\n\n{format}'],
  ['human', '{input}'],
]);

async function rejection(promise: Promise<unknown>): Promise<ReplyguardParserException> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ReplyguardParserException);
  expect(error).toBeInstanceOf(OutputParserException);
  return error as ReplyguardParserException;
}

describe('replyguardOutputParser in a chain', () => {
  const parser = replyguardOutputParser(options);
  const input = { input: 'hi', format: parser.getFormatInstructions() };

  it('gives the catalog’s instruction as its format instructions', async () => {
    expect(parser.getFormatInstructions()).toBe(segmentInstruction());
    const messages = await prompt.formatMessages(input);
    expect(messages[0]?.content).toContain(segmentInstruction());
  });

  it('parses a valid reply into the checked segments', async () => {
    const chain = prompt.pipe(new FakeListChatModel({ responses: [GOOD] })).pipe(parser);
    expect(await chain.invoke(input)).toEqual(GOOD_VALUE);
  });

  it('returns the masked reply, never the secret', async () => {
    const chain = prompt.pipe(new FakeListChatModel({ responses: [LEAKY] })).pipe(parser);
    expect(await chain.invoke(input)).toEqual(MASKED_VALUE);
  });

  it('throws LangChain’s OutputParserException with the issues and the notice, never the output', async () => {
    const leakyFence = '```json\n' + LEAKY + '\n```';
    const chain = prompt.pipe(new FakeListChatModel({ responses: [leakyFence] })).pipe(parser);
    const error = await rejection(chain.invoke(input));
    expect(error.issues[0]?.code).toBe('CODE_FENCE');
    expect(error.status).toBe('validation_failed');
    expect(error.notice).toEqual(NOTICE);
    expect(error.llmOutput).toBeUndefined();
    expect(error.observation).toContain('CODE_FENCE');
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(error.issues)).not.toContain(TOKEN);
  });

  it('streamed, yields the checked reply once, after the whole answer', async () => {
    const chain = prompt.pipe(new FakeListChatModel({ responses: [GOOD] })).pipe(parser);
    const chunks: unknown[] = [];
    for await (const chunk of await chain.stream(input)) chunks.push(chunk);
    expect(chunks).toEqual([GOOD_VALUE]);
  });

  it('refuses a message with tool calls as such, and reads text blocks only', async () => {
    const withCalls = new AIMessage({
      content: '',
      tool_calls: [{ id: 'c1', name: 'weather', args: { city: 'Oslo' }, type: 'tool_call' }],
    });
    const error = await rejection(
      prompt
        .pipe(new ScriptedChatModel([withCalls]))
        .pipe(parser)
        .invoke(input),
    );
    expect(error.issues[0]?.code).toBe('TOOL_CALLS_RETURNED');
    const blocks = new AIMessage({
      content: [
        { type: 'reasoning', reasoning: '{"segments":[]} is tempting' },
        { type: 'text', text: GOOD },
      ],
    });
    expect(
      await prompt
        .pipe(new ScriptedChatModel([blocks]))
        .pipe(parser)
        .invoke(input),
    ).toEqual(GOOD_VALUE);
  });

  it('refuses a message without any text', async () => {
    const image = new AIMessage({ content: [{ type: 'image', url: 'https://example.com/a.png' }] });
    const error = await rejection(parser.invoke(image));
    expect(error.issues[0]?.code).toBe('NO_FINAL_MESSAGE');
  });
});

describe('replyguardRunnable', () => {
  it('drives the turn with one correction over any chat model', async () => {
    const model = new ScriptedChatModel([new AIMessage(FENCED), new AIMessage(GOOD)]);
    const result = await replyguardRunnable({ model, ...options }).invoke('Tell u1 it is green');
    expect(result.status).toBe('completed');
    expect(result.value).toEqual(GOOD_VALUE);
    expect(result.meta).toMatchObject({
      attempts: 2,
      stage: 'correction',
      enforcement: 'prompt_only',
    });
    // The correction quotes the bad answer and names the issue; it carries no conversation.
    const correction = JSON.stringify(model.calls[1]?.messages);
    expect(correction).toContain('CODE_FENCE');
    expect(correction).not.toContain('Tell u1');
  });

  it('in a chain: the prompt’s system message joins the host’s, the format instruction last', async () => {
    const model = new ScriptedChatModel([new AIMessage(GOOD)]);
    const chain = ChatPromptTemplate.fromMessages([
      ['system', 'You are terse.'],
      ['human', '{input}'],
    ]).pipe(replyguardRunnable({ model, ...options, system: 'Host rules.' }));
    const result = await chain.invoke({ input: 'hi' });
    expect(result.status).toBe('completed');
    const [system, human] = model.calls[0]!.messages;
    expect(system?.getType()).toBe('system');
    const text = system?.content as string;
    expect(text).toMatch(/^Host rules\.\n\nYou are terse\.[\s\S]*segments/);
    expect(text.endsWith(segmentInstruction())).toBe(true);
    expect(human?.content).toBe('hi');
  });

  it('ends with the notice when the reply is refused twice', async () => {
    const reply = GOOD.replace('"u1"', '"u9"');
    const model = new ScriptedChatModel([new AIMessage(reply), new AIMessage(reply)]);
    const result = await replyguardRunnable({ model, ...options }).invoke('hi');
    expect(result.status).toBe('validation_failed');
    expect(result.notice).toEqual(NOTICE);
    expect(result.issues[0]?.code).toBe('MENTION_NOT_ALLOWED');
  });

  it('runs the host’s tools through bindTools, then checks the answer', async () => {
    const weather = {
      name: 'weather',
      description: 'The weather in a city.',
      schema: { type: 'object', properties: { city: { type: 'string' } } },
    };
    const call = new AIMessage({
      content: '',
      tool_calls: [{ id: 'c1', name: 'weather', args: { city: 'Oslo' }, type: 'tool_call' }],
    });
    const model = new ScriptedChatModel([call, new AIMessage(GOOD)]);
    const ran: unknown[] = [];
    const result = await replyguardRunnable({
      model,
      ...options,
      tools: [weather],
      runTool: async (invocation) => {
        ran.push(invocation.arguments);
        return { celsius: 18 };
      },
    }).invoke('weather?');
    expect(result.status).toBe('completed');
    expect(ran).toEqual([{ city: 'Oslo' }]);
    expect(model.calls[0]?.tools).toEqual([weather]);
    const step = model.calls[1]!.messages.map((message) => message.getType());
    expect(step).toEqual(['system', 'human', 'ai', 'tool']);
  });

  it('ends interrupted with the tool calls when the host runs them itself', async () => {
    const call = new AIMessage({
      content: '',
      tool_calls: [{ id: 'c1', name: 'weather', args: { city: 'Oslo' }, type: 'tool_call' }],
    });
    const result = await replyguardRunnable({
      model: new ScriptedChatModel([call]),
      tools: [{ name: 'weather', schema: {} }],
    }).invoke('weather?');
    expect(result.status).toBe('interrupted');
    expect(result.status === 'interrupted' && result.toolCalls).toEqual([
      { id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
    ]);
  });

  it('a model that fails ends with the notice and MODEL_FAILED, the secret masked', async () => {
    const model = new ScriptedChatModel([
      () => {
        throw new Error(`upstream rejected key ${TOKEN}`);
      },
    ]);
    const result = await replyguardRunnable({ model, ...options }).invoke('hi');
    expect(result.status).toBe('error');
    expect(result.notice).toEqual(NOTICE);
    expect(result.issues[0]?.code).toBe('MODEL_FAILED');
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it('an answer cut at the token limit is TRUNCATED, a refusal REFUSED: neither corrected', async () => {
    const cut = new AIMessage({
      content: GOOD,
      response_metadata: { finish_reason: 'length' },
    });
    const truncated = await replyguardRunnable({ model: new ScriptedChatModel([cut]) }).invoke(
      'hi',
    );
    expect(truncated.issues[0]?.code).toBe('TRUNCATED');
    expect(truncated.meta.attempts).toBe(1);
    const refusal = new AIMessage({ content: '', additional_kwargs: { refusal: 'I will not.' } });
    const refused = await replyguardRunnable({ model: new ScriptedChatModel([refusal]) }).invoke(
      'hi',
    );
    expect(refused.issues[0]?.code).toBe('REFUSED');
  });

  it('streamed, yields the turn’s one result and nothing of the answers before it', async () => {
    const model = new ScriptedChatModel([new AIMessage(FENCED), new AIMessage(GOOD)]);
    const chunks: unknown[] = [];
    for await (const chunk of await replyguardRunnable({ model, ...options }).stream('hi'))
      chunks.push(chunk);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ status: 'completed', value: GOOD_VALUE });
  });

  it('an aborted run rejects in LangChain’s terms and delivers nothing', async () => {
    const controller = new AbortController();
    const model = new ScriptedChatModel([
      () => {
        controller.abort();
        return new AIMessage(GOOD);
      },
    ]);
    await expect(
      replyguardRunnable({ model }).invoke('hi', { signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
  });

  it('refuses input it cannot place in a chat turn', async () => {
    const model = new ScriptedChatModel([]);
    await expect(replyguardRunnable({ model }).invoke(42 as never)).rejects.toThrow(
      /not a string, a message list or a prompt value/,
    );
  });
});
