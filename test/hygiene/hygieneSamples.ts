/** True and false positives for every hygiene rule. */
export const HYGIENE_SAMPLES: Record<string, { tp: string[]; fp: string[] }> = {
  'reasoning-tag': {
    tp: ['<think>the user wants a refund</think>Sure!', 'Done.</think>', '<THINKING>plan</THINKING>', '<reasoning type="brief">x</reasoning>', '<|begin_of_thought|>', '[THINK]hmm[/THINK]', '<seed:think>a</seed:think>'],
    fp: ['I think this works.', 'Use a <div> and a <span>.', 'Thinking about it: yes.', 'see /docs/think/intro', 'the thought process <b>matters</b>'],
  },
  'reasoning-token': { tp: ['◁think▷plan◁/think▷ Hi'], fp: ['◁ left ▷ right', 'think about it'] },
  'tool-call-tag': {
    tp: ['<tool_call>{"name":"refund"}</tool_call>', 'text <tool_result>ok</tool_result>', '<function=get_weather>{"city":"Oslo"}</function>', '<function_calls><invoke name="x">', '<tool_response>{}</tool_response>'],
    fp: ['Call the function `tool_call()` in JS: function tool_call() {}', 'GET /api/tool_call/42', '<div class="tool_call">', 'a function=1 assignment', 'the invoke method'],
  },
  'tool-special-token': {
    tp: ['<|tool_calls|>[{"name":"x"}]', '<|plugin|>search', '<|im_start|>assistant', '<|python_tag|>print(1)', '<|channel|>commentary', '<|DSML|>'],
    fp: ['a <| b |> c', 'the pipe | and <em>', '<|not a known token|>'],
  },
  'tool-fullwidth-token': { tp: ['<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>', '<｜DSML｜function_calls>'], fp: ['full width ｜ bars ｜ here', '<｜ no close'] },
  'tool-bracket-token': {
    tp: ['[TOOL_CALLS][{"name":"x"}]', '<<<tool_call>>>{"a":1}<<</tool_call>>>', '✿FUNCTION✿: search'],
    fp: ['[TOOLS] are listed here', 'a <<< b >>> c', 'flowers ✿ and ✿ more'],
  },
};
