// A web chat client for a replyguard Worker (or any endpoint that answers OpenAI chat completions
// whose content is a segment reply). Replies are checked again in the browser and drawn with
// replyguard/render: Markdown without raw HTML, safe media schemes, mentions as chips, and no
// image, audio or video loaded from a host the page did not allow (`data-image-hosts`).
import { checkReply } from 'replyguard';
import { renderHtml } from 'replyguard/render';

/** Options of {@link mountChat}. */
export interface ChatOptions {
  /** The chat completions URL, e.g. `/v1/chat/completions` on the Worker. */
  readonly endpoint: string;
  /** Who may be mentioned, and their display names. */
  readonly members?: ReadonlyMap<string, string>;
  /** Extra request headers, e.g. `authorization` for a Worker with an API key. */
  readonly headers?: Record<string, string>;
  /**
   * Hosts media may load from (`['cdn.example.com']`, or `'any'`). None by default: a reply's
   * image, audio or video URL shows as a link, so a reply cannot make the page fetch anything.
   * Name the same hosts in the page's Content-Security-Policy `img-src` and `media-src`.
   */
  readonly imageHosts?: readonly string[] | 'any';
}

interface Completion {
  readonly choices?: readonly { readonly message?: { readonly content?: unknown } }[];
  readonly replyguard?: { readonly status?: string };
  readonly error?: { readonly message?: string };
}

/** Wires a chat UI: a `<ol>` log, a `<form>` with an `<input>` and a `<button>`. */
export function mountChat(root: HTMLElement, options: ChatOptions): void {
  const log = root.querySelector('ol')!;
  const form = root.querySelector('form')!;
  const input = form.querySelector('input')!;
  const button = form.querySelector('button')!;
  const members = options.members ?? new Map<string, string>();
  const history: { role: 'user' | 'assistant'; content: string }[] = [];

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });

  // Every failure ends in the bubble: nothing escapes as an unhandled rejection.
  async function send(): Promise<void> {
    const text = input.value.trim();
    if (text === '' || button.disabled) return;
    input.value = '';
    button.disabled = true;
    history.push({ role: 'user', content: text });
    bubble(log, 'user').textContent = text;
    const reply = bubble(log, 'assistant');
    reply.dataset.status = 'pending';
    reply.textContent = '…';
    try {
      const response = await fetch(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers },
        body: JSON.stringify({ messages: history, replyguard: { mentions: [...members.keys()] } }),
      });
      const completion = (await response.json()) as Completion;
      if (!response.ok) throw new Error(completion.error?.message ?? `HTTP ${response.status}`);
      const content = completion.choices?.[0]?.message?.content;
      // Never trust the wire: the page renders only what it has checked itself.
      const result = await checkReply(typeof content === 'string' ? content : '', {
        mentions: { allowed: members.keys() },
      });
      reply.innerHTML = renderHtml(result, {
        mentionName: (id) => members.get(id),
        imageHosts: options.imageHosts,
      });
      // `completed`, or the server's reason for sending its failure notice.
      reply.dataset.status =
        result.status === 'completed'
          ? (completion.replyguard?.status ?? 'completed')
          : result.status;
      if (typeof content === 'string') history.push({ role: 'assistant', content });
    } catch (error) {
      reply.textContent = `The assistant is unavailable: ${(error as Error).message}`;
      reply.dataset.status = 'unavailable';
    } finally {
      button.disabled = false;
      reply.scrollIntoView({ block: 'end' });
    }
  }
}

function bubble(log: HTMLElement, role: 'user' | 'assistant'): HTMLElement {
  const item = document.createElement('li');
  item.className = `bubble ${role}`;
  log.append(item);
  return item;
}

// The page: <main data-replyguard-chat data-endpoint="…" data-members='{"10001":"Ada"}'
// data-image-hosts='["cdn.example.com"]'> (or data-image-hosts="any"; absent: none).
const root =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLElement>('[data-replyguard-chat]');
if (root) {
  const members = new Map(
    Object.entries(JSON.parse(root.dataset.members ?? '{}') as Record<string, string>),
  );
  const hosts = root.dataset.imageHosts;
  mountChat(root, {
    endpoint: root.dataset.endpoint ?? '/v1/chat/completions',
    members,
    imageHosts: hosts === 'any' ? 'any' : (JSON.parse(hosts ?? '[]') as string[]),
  });
}
