import type { IssueCode } from '../issues/issue';
import type { LeakRule } from '../leaks/leakRule';

/** A rule whose finding refuses the reply instead of masking it. */
export interface HygieneRule extends LeakRule {
  /** The issue code a finding raises. */
  readonly code: IssueCode;
  /** What the finding means, for the issue message. */
  readonly means: string;
}

/**
 * Reasoning and tool-call markup inside a reply. A model that writes either into its final
 * answer did not answer: the IM preset refuses such a reply and asks for the one correction.
 * Ordinary HTML (`<div>`), the word "function" and URL paths are not findings.
 */
export const HYGIENE_RULES: readonly HygieneRule[] = [
  {
    id: 'reasoning-tag',
    family: 'reasoning',
    code: 'REASONING_IN_REPLY',
    means: 'reasoning markup (a think/reasoning tag) is in the reply',
    keywords: [
      'think',
      'reasoning',
      'reflection',
      'thought',
      'scratchpad',
      'scratch_pad',
      'monologue',
      'of_solution',
    ],
    // `< think>`, `</think >`, `<think/>` and attributes as well: a renderer drops all of them alike.
    pattern:
      /<[ \t]{0,3}\/?[ \t]{0,3}(?:think|thinking|thoughts?|reasoning|reasoning_content|reflection|scratchpad|scratch_pad|inner_monologue|seed:think|antthinking|thinking_process)(?:\s[^<>]{0,64})?[ \t]{0,3}\/?>|<\|(?:begin|end)_of_(?:thought|solution)\|>|\[\/?THINK\]|<\|(?:START|END)_THINKING\|>/gi,
  },
  {
    id: 'reasoning-channel',
    family: 'reasoning',
    code: 'REASONING_IN_REPLY',
    means: 'a reasoning channel or delimiter (Harmony text without its tokens) is in the reply',
    keywords: ['analysis', 'assistantfinal', 'assistantcommentary', 'FINAL RESPONSE]'],
    // gpt-oss's channels with the special tokens dropped (`analysisThe user…assistantfinalHi`), and
    // Apriel's end of reasoning (`[BEGIN FINAL RESPONSE]`). Case-sensitive: searched natively.
    pattern:
      /(?<![^\n\u2029])analysis(?=[A-Z])|assistant(?:final|analysis|commentary)|\[(?:BEGIN|END) FINAL RESPONSE\]/g,
  },
  {
    id: 'reasoning-token',
    family: 'reasoning',
    code: 'REASONING_IN_REPLY',
    means: 'a reasoning delimiter token is in the reply',
    keywords: ['◁think▷', '◁/think▷'],
    pattern: /◁\/?think▷/gi,
  },
  {
    id: 'tool-call-tag',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'tool-call markup (a tool_call/function_calls tag) is in the reply',
    keywords: ['tool_', 'function_', 'function=', 'invoke', 'antml:', 'of_turn'],
    // Anthropic's legacy calls, Llama (`<function=…>`), MiniMax and Seed (`<minimax:tool_call>`).
    pattern:
      /<[ \t]{0,3}\/?[ \t]{0,3}(?:tool_calls?|tool_results?|tool_response|tool_use|tool_code|function_calls?|function_results?|function_response|start_of_turn|end_of_turn|antml:[a-z_]{1,30}|invoke|[a-z]{1,12}:tool_calls?)(?:\s[^<>]{0,200})?[ \t]{0,3}\/?>|<function=[^<>\s]{1,100}>/gi,
  },
  {
    id: 'tool-wrapper-tag',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a tool list or call argument tag (<tools>, <parameter=…>, <arg_key>) is in the reply',
    keywords: ['<tools>', '</tools>', '<parameter', '<arg_', '</arg_'],
    // Hermes and Qwen's tool list, Qwen3-Coder's and Anthropic's arguments, GLM's. As the models
    // write them (lower case, no spaces): searched natively. A bare `<parameter>` is XML.
    pattern:
      /<\/?(?:tools|arg_key|arg_value)>|<parameter(?:=[^<>\s]{1,100}|[ \t]{1,3}name[ \t]{0,3}=[ \t]{0,3}["'][^"'<>]{1,100}["'])[ \t]{0,3}>/g,
  },
  {
    id: 'tool-call-json',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a tool call in a provider\'s JSON form ({"tool_calls": …}) is in the reply',
    keywords: ['tool_calls', 'function_call'],
    pattern: /\{\s{0,20}"(?:tool_calls|function_call)"\s{0,20}:/gi,
  },
  {
    id: 'react-action',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a ReAct tool step (an "Action Input:" line) is in the reply',
    keywords: ['action input'],
    pattern: /(?<![^\n])[ \t]{0,8}Action[ \t]Input[ \t]{0,3}:/gi,
  },
  {
    id: 'tool-special-token',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a chat-template or tool-call special token is in the reply',
    keywords: ['<|'],
    // Any `<|name|>` token: tool calls, turns, Harmony channels (`<|channel|>analysis<|message|>`), Kimi and Qwen sections.
    pattern: /<\|[A-Za-z][\w.:▁-]{0,40}\|>/gi,
  },
  {
    id: 'tool-fullwidth-token',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a DeepSeek/DSML-style special token is in the reply',
    keywords: ['<｜'],
    pattern: /<｜[^｜<>\n]{1,40}｜/gi,
  },
  {
    id: 'tool-bracket-token',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a bracketed tool-call or instruction marker is in the reply',
    keywords: ['[tool_', '[/tool_', '[inst]', '[/inst]', 'available_tools]', '<<<', '✿'],
    // Mistral's `[TOOL_CALLS]name[ARGS]{…}` (a bare `[ARGS]` is a CLI usage line), Qwen's ✿.
    pattern:
      /\[\/?(?:TOOL_CALLS|TOOL_RESULTS|TOOL_CALL|TOOL_CONTENT|AVAILABLE_TOOLS|INST)\]|<<<\s?\/?(?:tool|function)[\w-]{0,20}\s?>>>|✿(?:FUNCTION|ARGS|RESULT|RETURN)✿/gi,
  },
  {
    id: 'tool-code-fence',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a tool-code block (a ```tool_code fence) is in the reply',
    keywords: ['tool_code', 'tool_output'],
    // Gemma writes its calls and their results as fenced blocks with these info strings.
    pattern: /(?<![^\n\u2029])[ \t]{0,3}(?:```|~~~)[ \t]{0,3}tool_(?:code|outputs?)\b/g,
  },
  {
    id: 'tool-recipient',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a Harmony tool call (a to=functions.… recipient) is in the reply',
    keywords: ['to=functions.'],
    pattern: /(?<![A-Za-z0-9_])to=functions\.[A-Za-z_]/g,
  },
];
