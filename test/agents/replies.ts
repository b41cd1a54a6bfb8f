// Replies the adapter suites script their frameworks' models with.

/** A GitHub token the leak rules mask (a test value, never a real one). */
export const TOKEN = `ghp_${'aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6'}`;
export const GOOD =
  '{"segments":[{"type":"text","data":{"text":"The build is green"}},{"type":"mention","data":{"target":"u1"}}]}';
export const GOOD_VALUE = JSON.parse(GOOD) as unknown;
export const FENCED = '```json\n' + GOOD + '\n```';
export const LEAKY = `{"segments":[{"type":"text","data":{"text":"the key is ${TOKEN}"}}]}`;
export const MASKED_VALUE = {
  segments: [{ type: 'text', data: { text: 'the key is [REDACTED]' } }],
};
/** Valid JSON whose last `segments` wins under JSON.parse; the strict parser refuses it. */
export const DUPLICATED = `{"segments":[{"type":"text","data":{"text":"${TOKEN}"}}],"segments":[]}`;
export const NOTICE_TEXT = 'Sorry, that reply could not be delivered.';
export const NOTICE = { segments: [{ type: 'text', data: { text: NOTICE_TEXT } }] };
