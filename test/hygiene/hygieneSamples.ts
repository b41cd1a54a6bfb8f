/** True and false positives for every hygiene rule. */
export const HYGIENE_SAMPLES: Record<string, { tp: string[]; fp: string[] }> = {
  'reasoning-tag': {
    tp: [
      '<think>the user wants a refund</think>Sure!', 'Done.</think>', '<THINKING>plan</THINKING>', '<tHiNk>plan</tHiNk>', '<reasoning type="brief">x</reasoning>',
      '<|begin_of_thought|>', '[THINK]hmm[/THINK]', '<seed:think>a</seed:think>', '<think/>', '< think>', '</ think >', '<inner_monologue>x</inner_monologue>',
      '<reasoning_content>x</reasoning_content>', '<antThinking>x</antThinking>', '<thinking_process>x</thinking_process>', '<thoughts>x</thoughts>', '<|START_THINKING|>x<|END_THINKING|>',
    ],
    fp: ['I think this works.', 'Use a <div> and a <span>.', 'Thinking about it: yes.', 'see /docs/think/intro', 'the thought process <b>matters</b>', 'My reasoning: the tool timed out, so I retried.', 'in HTML, <thinker> is no element'],
  },
  'reasoning-token': { tp: ['◁think▷plan◁/think▷ Hi', '◁THINK▷'], fp: ['◁ left ▷ right', 'think about it'] },
  'tool-call-tag': {
    tp: [
      '<tool_call>{"name":"refund"}</tool_call>', '<TOOL_CALL>{}</TOOL_CALL>', 'text <tool_result>ok</tool_result>', '<function=get_weather>{"city":"Oslo"}</function>',
      '<function_calls><invoke name="x">', '<INVOKE NAME="x">', '<tool_response>{}</tool_response>', '<function_call>{}</function_call>', '<tool_use id="1">', '<start_of_turn>model', '<tool_code>print(1)</tool_code>',
    ],
    fp: ['Call the function `tool_call()` in JS: function tool_call() {}', 'GET /api/tool_call/42', '<div class="tool_call">', 'a function=1 assignment', 'the invoke method', 'tool_use is a field name'],
  },
  'tool-call-json': {
    tp: ['{"tool_calls": [{"id": "1", "function": {"name": "x"}}]}', '{ "function_call": {"name": "x", "arguments": "{}"} }', '{"TOOL_CALLS":[]}'],
    fp: ['the "tool_calls" field of the response lists them', 'set function_call to "auto"'],
  },
  'react-action': {
    tp: ['Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Oslo"}', 'ACTION INPUT: x'],
    fp: ['Action: restart the server, then check the logs.', 'No action input was needed.'],
  },
  'tool-special-token': {
    tp: ['<|tool_calls|>[{"name":"x"}]', '<|plugin|>search', '<|im_start|>assistant', '<|python_tag|>print(1)', '<|channel|>analysis<|message|>I should', '<|DSML|>', '<|tool_calls_section_begin|>', '<|eot_id|>', '<|endoftext|>'],
    fp: ['a <| b |> c', 'the pipe | and <em>', '<|not a known token|>', 'Haskell: f <|> g'],
  },
  'tool-fullwidth-token': { tp: ['<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>', '<｜DSML｜function_calls>', '<｜Assistant｜>'], fp: ['full width ｜ bars ｜ here', '<｜ no close'] },
  'tool-bracket-token': {
    tp: ['[TOOL_CALLS][{"name":"x"}]', '[tool_calls][]', '<<<tool_call>>>{"a":1}<<</tool_call>>>', '✿FUNCTION✿: search', '[INST] do it [/INST]', '[AVAILABLE_TOOLS]'],
    fp: ['[TOOLS] are listed here', 'a <<< b >>> c', 'flowers ✿ and ✿ more', '[instance] of a class'],
  },
};
