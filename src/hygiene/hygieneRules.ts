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
    keywords: ['think', 'reasoning', 'reflection', 'thought', 'scratchpad'],
    pattern: /<\/?(?:think|thinking|reasoning|reflection|thought|scratchpad|inner_monologue|seed:think)(?:\s[^<>]{0,64})?>|<\|(?:begin|end)_of_(?:thought|solution)\|>|\[\/?THINK\]/gi,
  },
  {
    id: 'reasoning-token',
    family: 'reasoning',
    code: 'REASONING_IN_REPLY',
    means: 'a reasoning delimiter token is in the reply',
    keywords: ['◁think▷', '◁/think▷'],
    pattern: /◁\/?think▷/g,
  },
  {
    id: 'tool-call-tag',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'tool-call markup (a tool_call/function_calls tag) is in the reply',
    keywords: ['tool_', 'function_', 'function=', 'invoke', 'antml:'],
    pattern: /<\/?(?:tool_calls?|tool_results?|tool_response|tool_use|function_calls|function_results|antml:[a-z_]{1,30})(?:\s[^<>]{0,200})?>|<function=[^<>\s]{1,100}>|<invoke\s+name=/g,
  },
  {
    id: 'tool-special-token',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a chat-template or tool-call special token is in the reply',
    keywords: ['<|'],
    pattern: /<\|(?:tool_calls?|tool_call_(?:begin|end|argument_begin)|tool_calls_section_(?:begin|end)|tool_sep|tool_response|plugin|python_tag|interpreter|im_start|im_end|im_sep|start|end|channel|message|call|constrain|return|eom_id|eot_id|start_header_id|end_header_id|observation|DSML)\|>/g,
  },
  {
    id: 'tool-fullwidth-token',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a DeepSeek/DSML-style tool token is in the reply',
    keywords: ['<｜'],
    pattern: /<｜[^｜<>\n]{1,40}｜/g,
  },
  {
    id: 'tool-bracket-token',
    family: 'tool-markup',
    code: 'TOOL_MARKUP_IN_REPLY',
    means: 'a bracketed tool-call marker is in the reply',
    keywords: ['[TOOL_', '<<<', '✿'],
    pattern: /\[TOOL_(?:CALLS|RESULTS|CALL)\]|<<<\s?\/?(?:tool|function)[\w-]{0,20}\s?>>>|✿(?:FUNCTION|ARGS|RESULT|RETURN)✿/g,
  },
];
