// Live mode: one chat message through the Worker's /v1/chat/completions, streamed, so each model
// attempt, an early reject and the correction show as they happen.
import { type RenderOptions, escapeHtml, renderHtml } from '../../src/render/index';
import { checkReply } from '../../src/index';
import type { AttemptRecord } from '../../src/results/replyResult';
import { type CompletionEvent, type Verdict, readCompletion } from './readCompletion';

/** What live mode needs from the page. */
export interface LiveChatOptions {
  /** The members who may be mentioned, with their display names. */
  readonly members: ReadonlyMap<string, string>;
  readonly renderOptions: RenderOptions;
}

/** Wires the chat form: each message becomes one streamed turn in the chat log. */
export function startLiveChat({ members, renderOptions }: LiveChatOptions): void {
  const form = document.querySelector('#chat') as HTMLFormElement;
  const input = document.querySelector('#chat-input') as HTMLInputElement;
  const log = document.querySelector('#chat-log') as HTMLElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const message = input.value.trim();
    if (!message) return;
    input.value = '';
    void turn(message, [...members.keys()], log, renderOptions);
  });
}

async function turn(
  message: string,
  mentions: string[],
  log: HTMLElement,
  renderOptions: RenderOptions,
): Promise<void> {
  log.insertAdjacentHTML(
    'beforeend',
    `<div class="message user"><div class="bubble user">${escapeHtml(message)}</div></div>`,
  );
  const attempts = append(log, 'ol', 'attempts');
  const reply = append(log, 'div', 'message bot');
  reply.innerHTML =
    '<div class="avatar" aria-hidden="true">AI</div><div class="bubble bot pending"><span class="typing">waiting for the model…</span></div>';
  const bubble = reply.lastElementChild as HTMLElement;
  const scroll = () => void (log.scrollTop = log.scrollHeight);
  scroll();
  try {
    const response = await fetch('/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [{ role: 'user', content: message }],
        stream: true,
        replyguard: { mentions, progress: true },
      }),
    });
    let progress = false;
    let received = 0;
    for await (const event of readCompletion(response)) {
      if (event.type === 'attempt' || event.type === 'rejected') {
        progress = true;
        showProgress(attempts, event);
        // A rejected answer's provisional text is void: clear it before the correction writes.
        if (event.type === 'rejected') showWaiting(bubble, 'cut off early — correcting…');
      } else if (event.type === 'progress') {
        showProvisional(bubble, event.value, renderOptions);
      } else if (event.type === 'content') {
        received += event.text.length;
        // The provisional view stays up until the verdict; without one, say what is arriving.
        if (!bubble.classList.contains('provisional'))
          bubble.innerHTML = `<span class="typing">receiving the validated reply… ${received} characters</span>`;
      } else {
        if (!progress) showHistory(attempts, event.verdict);
        settle(attempts, event.verdict);
        const result = await checkReply(event.content, { mentions: { allowed: mentions } });
        const status = `${event.verdict.status} · ${event.verdict.meta.attempts} call(s)`;
        const issues = event.verdict.issues
          .map((issue) => `${issue.code} ${issue.path || '/'}`)
          .join(', ');
        bubble.classList.remove('pending', 'provisional');
        bubble.innerHTML = `${renderHtml(result, renderOptions)}<small>${escapeHtml(status)}${issues ? ` — ${escapeHtml(issues)}` : ''}</small>`;
      }
      scroll();
    }
  } catch (error) {
    bubble.className = 'bubble error';
    bubble.textContent = `Live mode needs the Worker (npm start): ${String((error as Error).message)}`;
    scroll();
  }
}

/**
 * The reply read so far, as the Worker made it safe to show (secrets masked, markup withheld,
 * undecided text held back), rendered like any reply but marked provisional until the verdict.
 */
function showProvisional(bubble: HTMLElement, value: unknown, renderOptions: RenderOptions): void {
  const html = renderHtml(
    { status: 'completed', value } as unknown as Parameters<typeof renderHtml>[0],
    renderOptions,
  );
  if (html === '') return;
  bubble.classList.add('pending', 'provisional');
  bubble.innerHTML = `${html}<small class="provisional-note">provisional — not validated yet</small>`;
}

function showWaiting(bubble: HTMLElement, text: string): void {
  bubble.classList.remove('provisional');
  bubble.innerHTML = `<span class="typing">${escapeHtml(text)}</span>`;
}

function showProgress(
  attempts: HTMLElement,
  event: Extract<CompletionEvent, { type: 'attempt' | 'rejected' }>,
): void {
  if (event.type === 'attempt') {
    settle(attempts);
    attempts.insertAdjacentHTML(
      'beforeend',
      `<li class="attempt" data-attempt="${event.attempt}"><span class="stage">Attempt ${event.attempt} · ${escapeHtml(event.stage)}</span><span class="state">writing…</span></li>`,
    );
    return;
  }
  const state = attempts.querySelector(`li[data-attempt="${event.attempt}"] .state`);
  if (state) state.textContent = 'cut off early';
  attempts.insertAdjacentHTML('beforeend', rejectedHtml(event.attempt, event.offset, event.issue));
}

/**
 * Where the answer was cut: the characters read before it was provably invalid, then nothing.
 * How much more the model would have written is unknown to anyone: it was never generated.
 */
function rejectedHtml(
  attempt: number,
  offset: number,
  issue: { code: string; path: string; message: string },
): string {
  return `<li class="rejected" data-attempt="${attempt}">✂ Rejected at character ${offset}: <code class="code">${escapeHtml(issue.code)}</code> <code class="ptr">${escapeHtml(issue.path || '/')}</code> ${escapeHtml(issue.message)}
    <div class="cut" aria-label="cut at character ${offset}"><span class="read">${offset} characters read</span>✂<span class="never">never generated</span></div></li>`;
}

/** A Worker that does not stream reports the attempts afterwards, in the verdict (or only their count). */
function showHistory(attempts: HTMLElement, verdict: Verdict): void {
  const history: readonly AttemptRecord[] = verdict.meta.history ?? [];
  if (history.length === 0)
    attempts.insertAdjacentHTML(
      'beforeend',
      `<li class="summary">${verdict.meta.attempts} model call(s); this Worker reports no progress</li>`,
    );
  for (const record of history) {
    const failed = record.issues[0];
    attempts.insertAdjacentHTML(
      'beforeend',
      `<li class="attempt" data-attempt="${record.attempt}"><span class="stage">Attempt ${record.attempt} · ${record.stage}</span><span class="state">${failed ? 'refused' : 'passed'}</span></li>`,
    );
    if (failed && record.rejectedAt !== undefined)
      attempts.insertAdjacentHTML(
        'beforeend',
        rejectedHtml(record.attempt, record.rejectedAt, failed),
      );
    else if (failed)
      attempts.insertAdjacentHTML(
        'beforeend',
        `<li class="rejected">✗ <code class="code">${escapeHtml(failed.code)}</code> <code class="ptr">${escapeHtml(failed.path || '/')}</code> ${escapeHtml(failed.message)}</li>`,
      );
  }
}

/** Closes the attempt still writing: with the verdict at the end, or as superseded by the next. */
function settle(attempts: HTMLElement, verdict?: Verdict): void {
  for (const state of Array.from(attempts.querySelectorAll('.state'))) {
    if (state.textContent === 'writing…')
      state.textContent = verdict
        ? verdict.status === 'completed'
          ? 'passed'
          : verdict.status
        : 'refused';
  }
}

function append(parent: HTMLElement, tag: string, className: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  parent.append(element);
  return element;
}
