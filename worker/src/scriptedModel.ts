import type { ModelProvider } from '../../src/index';

/** A clearly fake token for the leak demo: it has the shape of a GitHub token, nothing more. */
const DEMO_TOKEN = `ghp_${'Dem0'.repeat(9)}`;
const ALWAYS_INVALID = 'always_invalid';

const segments = (...list: object[]) => JSON.stringify({ segments: list });
const text = (value: string) => ({ type: 'text', data: { text: value } });

/**
 * The embedded default upstream: an offline model that answers from the user's words, so the
 * Worker runs with no keys and no network. Say "invalid" for a reply that fails even after the
 * correction, "fence" for one the correction fixes, "think" for leaked reasoning, "leak" for a
 * leaked token, "mention" for a mention; anything else gets a valid Markdown reply.
 */
export function scriptedModel(): ModelProvider {
  return {
    name: 'scripted',
    enforcement: 'prompt_only',
    async generate(request) {
      const last = request.messages[request.messages.length - 1]?.content ?? '';
      const usage = { inputTokens: Math.ceil((request.system.length + last.length) / 4), outputTokens: 24 };
      if (last.startsWith('Your previous answer could not be delivered')) {
        if (last.includes(ALWAYS_INVALID)) return { text: segments({ type: 'text', data: { text: 'still wrong', [ALWAYS_INVALID]: true } }), usage };
        return { text: segments({ type: 'markdown', data: { content: '**Corrected.** Here is the reply in the right format.' } }), usage };
      }
      const words = last.toLowerCase();
      if (words.includes('invalid')) return { text: segments({ type: 'text', data: { text: 'oops', [ALWAYS_INVALID]: true } }), usage };
      if (words.includes('fence')) return { text: '```json\n' + segments(text('fenced reply')) + '\n```', usage };
      if (words.includes('think')) return { text: segments(text('<think>the user wants…</think>Hello!')), usage };
      if (words.includes('leak')) return { text: segments(text(`Use the token ${DEMO_TOKEN} to log in.`)), usage };
      if (words.includes('mention')) return { text: segments({ type: 'mention', data: { target: '10001' } }, text(' has been notified.')), usage };
      const echo = last.length > 200 ? `${last.slice(0, 200)}…` : last;
      return {
        text: segments({ type: 'markdown', data: { content: `**Scripted reply**\n\nYou said: *${echo.replace(/[*_`]/g, '')}*` } }, text('Try "fence", "think", "leak", "mention" or "invalid".')),
        usage,
      };
    },
  };
}
