import type { IssueCode } from '../issues/issue';
import type { LeakRule } from '../leaks/leakRule';

/** A rule whose finding refuses the reply instead of masking it. */
export interface HygieneRule extends LeakRule {
  /** The issue code a finding raises. */
  readonly code: IssueCode;
  /** What the finding means, for the issue message. */
  readonly means: string;
}

/** A rule of either family: its code is the family's, its meaning said as what "is in the reply". */
const markup = /* @__NO_SIDE_EFFECTS__ */ (
  id: string,
  family: 'reasoning' | 'tool-markup',
  what: string,
  keywords: string[],
  pattern: RegExp,
): HygieneRule => ({
  id,
  family,
  code: family === 'reasoning' ? 'REASONING_IN_REPLY' : 'TOOL_MARKUP_IN_REPLY',
  means: `${what} is in the reply`,
  keywords,
  pattern,
});

/**
 * Reasoning and tool-call markup inside a reply. A model that writes either into its final
 * answer did not answer: the IM preset refuses such a reply and asks for the one correction.
 * Ordinary HTML (`<div>`), the word "function" and URL paths are not findings.
 */
export const HYGIENE_RULES: readonly HygieneRule[] = [
  markup(
    'reasoning-tag',
    'reasoning',
    'reasoning markup (a think/reasoning tag)',
    [
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
    /<[ \t]{0,3}\/?[ \t]{0,3}(?:think|thinking|thoughts?|reasoning|reasoning_content|reflection|scratchpad|scratch_pad|inner_monologue|seed:think|antthinking|thinking_process)(?:\s[^<>]{0,64})?[ \t]{0,3}\/?>|<\|(?:begin|end)_of_(?:thought|solution)\|>|\[\/?THINK\]|<\|(?:START|END)_THINKING\|>/gi,
  ),
  markup(
    'reasoning-channel',
    'reasoning',
    'a reasoning channel or delimiter (Harmony text without its tokens)',
    ['analysis', 'assistantfinal', 'assistantcommentary', 'FINAL RESPONSE]'],
    // gpt-oss's channels with the special tokens dropped (`analysisThe user…assistantfinalHi`), and
    // Apriel's end of reasoning (`[BEGIN FINAL RESPONSE]`). Case-sensitive: searched natively.
    /(?<![^\n\u2029])analysis(?=[A-Z])|assistant(?:final|analysis|commentary)|\[(?:BEGIN|END) FINAL RESPONSE\]/g,
  ),
  markup(
    'reasoning-token',
    'reasoning',
    'a reasoning delimiter token',
    ['◁think▷', '◁/think▷'],
    /◁\/?think▷/gi,
  ),
  markup(
    'tool-call-tag',
    'tool-markup',
    'tool-call markup (a tool_call/function_calls tag)',
    ['tool_', 'function_', 'function=', 'invoke', 'antml:', 'of_turn'],
    // Anthropic's legacy calls, Llama (`<function=…>`), MiniMax and Seed (`<minimax:tool_call>`).
    /<[ \t]{0,3}\/?[ \t]{0,3}(?:tool_calls?|tool_results?|tool_response|tool_use|tool_code|function_calls?|function_results?|function_response|start_of_turn|end_of_turn|antml:[a-z_]{1,30}|invoke|[a-z]{1,12}:tool_calls?)(?:\s[^<>]{0,200})?[ \t]{0,3}\/?>|<function=[^<>\s]{1,100}>/gi,
  ),
  markup(
    'tool-wrapper-tag',
    'tool-markup',
    'a tool list or call argument tag (<tools>, <parameter=…>, <arg_key>)',
    ['<tools>', '</tools>', '<parameter', '<arg_', '</arg_'],
    // Hermes and Qwen's tool list, Qwen3-Coder's and Anthropic's arguments, GLM's. As the models
    // write them (lower case, no spaces): searched natively. A bare `<parameter>` is XML.
    /<\/?(?:tools|arg_key|arg_value)>|<parameter(?:=[^<>\s]{1,100}|[ \t]{1,3}name[ \t]{0,3}=[ \t]{0,3}["'][^"'<>]{1,100}["'])[ \t]{0,3}>/g,
  ),
  markup(
    'tool-call-json',
    'tool-markup',
    'a tool call in a provider\'s JSON form ({"tool_calls": …})',
    ['tool_calls', 'function_call'],
    /\{\s{0,20}"(?:tool_calls|function_call)"\s{0,20}:/gi,
  ),
  markup(
    'react-action',
    'tool-markup',
    'a ReAct tool step (an "Action Input:" line)',
    ['action input'],
    /(?<![^\n])[ \t]{0,8}Action[ \t]Input[ \t]{0,3}:/gi,
  ),
  markup(
    'tool-special-token',
    'tool-markup',
    'a chat-template or tool-call special token',
    ['<|'],
    // Any `<|name|>` token: tool calls, turns, Harmony channels (`<|channel|>analysis<|message|>`), Kimi and Qwen sections.
    /<\|[A-Za-z][\w.:▁-]{0,40}\|>/gi,
  ),
  markup(
    'tool-fullwidth-token',
    'tool-markup',
    'a DeepSeek/DSML-style special token',
    ['<｜'],
    /<｜[^｜<>\n]{1,40}｜/gi,
  ),
  markup(
    'tool-bracket-token',
    'tool-markup',
    'a bracketed tool-call or instruction marker',
    ['[tool_', '[/tool_', '[inst]', '[/inst]', 'available_tools]', '<<<', '✿'],
    // Mistral's `[TOOL_CALLS]name[ARGS]{…}` (a bare `[ARGS]` is a CLI usage line), Qwen's ✿.
    /\[\/?(?:TOOL_CALLS|TOOL_RESULTS|TOOL_CALL|TOOL_CONTENT|AVAILABLE_TOOLS|INST)\]|<<<\s?\/?(?:tool|function)[\w-]{0,20}\s?>>>|✿(?:FUNCTION|ARGS|RESULT|RETURN)✿/gi,
  ),
  markup(
    'tool-code-fence',
    'tool-markup',
    'a tool-code block (a ```tool_code fence)',
    ['tool_code', 'tool_output'],
    // Gemma writes its calls and their results as fenced blocks with these info strings.
    /(?<![^\n\u2029])[ \t]{0,3}(?:```|~~~)[ \t]{0,3}tool_(?:code|outputs?)\b/g,
  ),
  markup(
    'tool-recipient',
    'tool-markup',
    'a Harmony tool call (a to=functions.… recipient)',
    ['to=functions.'],
    /(?<![A-Za-z0-9_])to=functions\.[A-Za-z_]/g,
  ),
];
