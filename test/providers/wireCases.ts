import type { IssueCode } from '../../src/issues/issue';
import type { FinishReason } from '../../src/providers/modelProvider';
import type { ReplyStatus, ToolCall, Usage } from '../../src/results/replyResult';

// What each recorded response in test/fixtures/wire/ must read as (see its README). The texts
// below are the ones written into the fixtures; the marker starts every reasoning text there.

/** The marker every reasoning text in the fixtures carries: it must never reach a reply. */
export const THOUGHT = '⟨thought⟩';
export const REPLY = {
  segments: [{ type: 'text', data: { text: 'Grüße aus Zürich — 東京は晴れ 🦊' } }],
};
export const R = JSON.stringify(REPLY);
/** Where the token limit cuts the reply in the truncated fixtures. */
export const CUT = R.slice(0, 48);
const REFUSAL = 'I’m sorry — I can’t help with that request.';

/** A transport's answer, the same shape whether it came whole or streamed. */
export interface ReadAnswer {
  text?: string;
  refusal?: string;
  toolCalls?: ToolCall[];
  finishReason?: FinishReason;
  usage?: Usage;
}

/** One recorded response: which transport reads it, what it reads as, how a turn ends on it. */
export interface WireCase {
  readonly file: string;
  readonly transport: 'openai' | 'anthropic' | 'gemini';
  /** How the turn is run: the IM preset (default) or plain text (no reply schema is sent). */
  readonly mode?: 'segments' | 'plain';
  /** The turn offers business tools (and has no runTool, so calls come back). */
  readonly tools?: boolean;
  /**
   * The transport's answer, or the ProviderError it must throw (with the usage its body reported,
   * for a whole answer that could not be read).
   */
  readonly answer: ReadAnswer | { readonly fails: RegExp; readonly usage?: Usage };
  readonly turn: {
    readonly status: ReplyStatus;
    readonly codes: readonly IssueCode[];
    readonly attempts: number;
  };
}

const completed = { status: 'completed', codes: [], attempts: 1 } as const;
const refused = { status: 'validation_failed', codes: ['REFUSED'], attempts: 1 } as const;
const truncated = { status: 'validation_failed', codes: ['TRUNCATED'], attempts: 1 } as const;
const failed = { status: 'error', codes: ['MODEL_FAILED'], attempts: 1 } as const;
const handedBack = { status: 'interrupted', codes: ['TOOL_CALLS_RETURNED'], attempts: 1 } as const;
const both = (
  name: string,
  rest: Omit<WireCase, 'file'>,
  streamed: Partial<Omit<WireCase, 'file'>> = {},
): WireCase[] => [
  { file: `${name}.json`, ...rest },
  { file: `${name}.sse`, ...rest, ...streamed },
];
const u = (inputTokens: number, outputTokens: number, reasoningTokens?: number): Usage => ({
  inputTokens,
  outputTokens,
  ...(reasoningTokens !== undefined ? { reasoningTokens } : {}),
});
const weather: ToolCall[] = [
  { id: 'call_RgWireZrh01', name: 'get_weather', arguments: '{"city":"Zürich"}' },
  { id: 'call_RgWireTyo02', name: 'get_weather', arguments: '{"city":"東京","days":2}' },
];

export const WIRE_CASES: readonly WireCase[] = [
  // OpenAI chat completions: reasoning tokens inside completion_tokens, cached inside prompt_tokens.
  ...both('openai-chat-text', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(1520, 212, 192) },
    turn: completed,
  }),
  ...both('openai-chat-refusal', {
    transport: 'openai',
    answer: { refusal: REFUSAL, finishReason: 'stop', usage: u(1311, 11, 0) },
    turn: refused,
  }),
  ...both('openai-chat-length', {
    transport: 'openai',
    answer: { text: CUT, finishReason: 'length', usage: u(1520, 16, 0) },
    turn: truncated,
  }),
  ...both(
    'openai-chat-content-filter',
    {
      transport: 'openai',
      answer: { finishReason: 'content_filter', usage: u(1520, 9) },
      turn: refused,
    },
    { answer: { text: R.slice(0, 20), finishReason: 'content_filter', usage: u(1520, 9) } },
  ),
  ...both('openai-chat-tools', {
    transport: 'openai',
    tools: true,
    answer: { toolCalls: weather, finishReason: 'tool_calls', usage: u(1402, 41, 0) },
    turn: handedBack,
  }),
  // Mistral: content as thinking and text chunks (arrays and strings mixed when streamed).
  ...both('mistral-thinking', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(388, 164) },
    turn: completed,
  }),
  ...both('deepseek-reasoning', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(421, 305, 277) },
    turn: completed,
  }),
  ...both('openrouter-reasoning', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(512, 233, 201) },
    turn: completed,
  }),
  // xAI: reasoning tokens apart from completion_tokens (total = prompt + completion + reasoning).
  ...both('xai-reasoning', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(663, 174, 124) },
    turn: completed,
  }),
  ...both('compat-content-parts', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(97, 44) },
    turn: completed,
  }),
  ...both('compat-refusal-part', {
    transport: 'openai',
    answer: { refusal: REFUSAL, finishReason: 'stop', usage: u(97, 44) },
    turn: refused,
  }),
  // Bad input on the OpenAI-compatible wire.
  // Whole, the body's usage is the call's; streamed, the stream fails before its usage chunk.
  ...both(
    'bad-unknown-parts',
    {
      transport: 'openai',
      answer: { fails: /only parts of unknown types \(image_url, audio\)/, usage: u(97, 44) },
      turn: failed,
    },
    { answer: { fails: /only parts of unknown types \(image_url, audio\)/ } },
  ),
  ...both('bad-unknown-beside-text', {
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(97, 44) },
    turn: completed,
  }),
  ...both('bad-empty-content', {
    transport: 'openai',
    answer: { finishReason: 'stop', usage: u(97, 44) },
    // No text is no final message: one correction (answered the same way), then the notice.
    turn: { status: 'validation_failed', codes: ['NO_FINAL_MESSAGE'], attempts: 2 },
  }),
  ...both('bad-length-no-text', {
    transport: 'openai',
    answer: { finishReason: 'length', usage: u(97, 4096, 4096) },
    turn: truncated,
  }),
  ...both(
    'bad-odd-usage',
    // Neither count readable: no usage (the turn estimates it).
    { transport: 'openai', answer: { text: R, finishReason: 'stop' }, turn: completed },
    { answer: { text: R, finishReason: 'stop', usage: u(97, 44) } },
  ),
  {
    file: 'bad-mixed-shapes.sse',
    transport: 'openai',
    answer: { text: R, finishReason: 'stop', usage: u(97, 44) },
    turn: completed,
  },
  // Anthropic messages (the reply tool's input is the reply).
  ...both('anthropic-reply-tool', {
    transport: 'anthropic',
    answer: { text: R, finishReason: 'tool_calls', usage: u(2460, 97) },
    turn: completed,
  }),
  ...both(
    'anthropic-refusal',
    {
      transport: 'anthropic',
      answer: { finishReason: 'refusal', usage: u(388, 12) },
      turn: refused,
    },
    {
      answer: { text: '{"segments":[{"type":"te', finishReason: 'refusal', usage: u(388, 12) },
    },
  ),
  // Whole: a plain-text answer cut at max_tokens; streamed: the reply tool's input cut.
  ...both(
    'anthropic-max-tokens',
    {
      transport: 'anthropic',
      mode: 'plain',
      answer: {
        text: 'Grüße aus Zürich — the forecast for 東京 is',
        finishReason: 'length',
        usage: u(51, 16),
      },
      turn: truncated,
    },
    { mode: 'segments', answer: { text: CUT, finishReason: 'length', usage: u(1436, 16) } },
  ),
  // A relay that sends the open message's message_start again (twice before the content, once
  // inside it, that one with other counts): the same message, read as the AI SDK reads it.
  {
    file: 'anthropic-repeated-start.sse',
    transport: 'anthropic',
    answer: { text: R, finishReason: 'tool_calls', usage: u(388, 41) },
    turn: completed,
  },
  {
    file: 'bad-anthropic-second-message.sse',
    transport: 'anthropic',
    answer: {
      fails:
        /started a second message before message_stop \("msg_01RgWireRetry9Zq" inside "msg_01RgWireQx7Vb2k"\)/,
    },
    turn: failed,
  },
  {
    file: 'bad-anthropic-before-start.sse',
    transport: 'anthropic',
    answer: { fails: /sent content_block_start before message_start/ },
    turn: failed,
  },
  // Gemini: thoughtsTokenCount is output on top of candidatesTokenCount.
  ...both('gemini-text', {
    transport: 'gemini',
    answer: { text: R, finishReason: 'stop', usage: u(96, 181, 150) },
    turn: completed,
  }),
  ...both(
    'gemini-max-tokens',
    // The thinking used the whole budget: a truncation with no text.
    {
      transport: 'gemini',
      answer: { finishReason: 'length', usage: u(96, 256, 256) },
      turn: truncated,
    },
    { answer: { text: CUT, finishReason: 'length', usage: u(96, 16) } },
  ),
  ...both(
    'gemini-safety',
    {
      transport: 'gemini',
      answer: { finishReason: 'content_filter', usage: u(120, 0) },
      turn: refused,
    },
    { answer: { text: R.slice(0, 18), finishReason: 'content_filter', usage: u(120, 5) } },
  ),
  ...both('gemini-blocked', {
    transport: 'gemini',
    answer: { finishReason: 'content_filter', usage: u(57, 0) },
    turn: refused,
  }),
  ...both('gemini-function-call', {
    transport: 'gemini',
    tools: true,
    answer: {
      toolCalls: [
        {
          id: 'gemini_call_0',
          name: 'get_weather',
          arguments: '{"city":"Zürich"}',
          signature: 'CiQBVSoXO5RgWireToolSig==',
        },
        { id: 'gemini_call_1', name: 'get_weather', arguments: '{"city":"東京","days":2}' },
      ],
      finishReason: 'stop',
      usage: u(140, 90, 72),
    },
    turn: handedBack,
  }),
  // Vertex AI: function-call arguments streamed in pieces, assembled into whole calls.
  {
    file: 'gemini-partial-args.sse',
    transport: 'gemini',
    tools: true,
    answer: {
      toolCalls: [
        {
          id: 'gemini_call_0',
          name: 'get_forecast',
          arguments:
            '{"city":"Zürich","days":3,"units":{"temperature":"°C"},"fields":["wind","雨量"],"alerts":true,"note":null}',
          signature: 'CiMBjz1rRgWireVertexSig',
        },
      ],
      finishReason: 'stop',
      usage: u(210, 158, 120),
    },
    turn: handedBack,
  },
  {
    file: 'gemini-partial-args-unterminated.sse',
    transport: 'gemini',
    tools: true,
    answer: {
      toolCalls: [
        {
          id: 'gemini_call_0',
          name: 'get_forecast',
          arguments: '{"city":"東京"}',
          signature: 'CiMBjz1rRgWireVertexSig',
        },
        { id: 'gemini_call_1', name: 'get_forecast', arguments: '{"city":"Zürich","days":1}' },
      ],
      finishReason: 'stop',
      usage: u(210, 158, 120),
    },
    turn: handedBack,
  },
  {
    file: 'bad-gemini-path.sse',
    transport: 'gemini',
    tools: true,
    answer: { fails: /cannot place: \$\.fields\[\*\]/ },
    turn: failed,
  },
  {
    file: 'bad-gemini-args-without-name.sse',
    transport: 'gemini',
    tools: true,
    answer: { fails: /function-call arguments without a call name/ },
    turn: failed,
  },
  {
    file: 'bad-gemini-unknown-parts.json',
    transport: 'gemini',
    answer: {
      fails: /only parts of unknown kinds \(executableCode, codeExecutionResult\)/,
      usage: u(40, 22),
    },
    turn: failed,
  },
  {
    file: 'bad-gemini-mixed-shapes.sse',
    transport: 'gemini',
    answer: { text: R, finishReason: 'stop', usage: u(96, 31) },
    turn: completed,
  },
];
