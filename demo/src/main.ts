// The demo page: checks and renders replies in the browser with the same core the Worker runs.
import { type Issue, type ReplyResult, type SegmentReply, checkReply } from '../../src/index';
import { escapeHtml, renderHtml, renderText } from '../../src/render/index';
import { EXAMPLES } from './examples';
import { startLiveChat } from './liveChat';
import { type Range, locatePointer } from './locatePointer';

const MEMBERS = new Map([
  ['10001', 'Ada Lovelace'],
  ['10002', 'Grace Hopper'],
]);
/** The demo's image limit is small, so the oversized example shows the policy at work. */
const DEMO_MEDIA_LIMITS = { image: 64 * 1024 };
/**
 * No host may serve media to the demo: Markdown images and image, audio and video URLs show as
 * links (renderHtml's default), base64 media shows. The page's Content-Security-Policy
 * (`img-src data:; media-src data:`) says the same.
 */
const IMAGE_HOSTS: readonly string[] = [];
const renderOptions = { mentionName: (id: string) => MEMBERS.get(id), imageHosts: IMAGE_HOSTS };

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const source = $<HTMLTextAreaElement>('#source');
const sourceView = $<HTMLPreElement>('#source-view');
const picker = $<HTMLSelectElement>('#example');
const allowed = $<HTMLInputElement>('#allowed');
const plain = $<HTMLInputElement>('#plain');
const verdict = $<HTMLElement>('#verdict');
const preview = $<HTMLElement>('#preview');
const previewText = $<HTMLElement>('#preview-text');

for (const example of EXAMPLES) picker.add(new Option(example.label, example.id));
picker.addEventListener('change', () => {
  const example = EXAMPLES.find((e) => e.id === picker.value);
  if (example) {
    source.value = example.reply();
    void check();
  }
});
let timer: ReturnType<typeof setTimeout> | undefined;
// The source shows once: the highlighted text, with the textarea over it. Typing redraws the text
// at once; the check (and its highlights) follows shortly after.
source.addEventListener('input', () => {
  sourceView.innerHTML = highlighted(source.value, [], []);
});
for (const input of [source, allowed, plain]) {
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void check(), 150);
  });
}
$('#check').addEventListener('click', () => void check());

async function check(): Promise<void> {
  const ids = allowed.value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const result = await checkReply(source.value, {
    schema: plain.checked ? false : 'segments',
    mentions: { allowed: ids },
    media: { maxBytes: DEMO_MEDIA_LIMITS },
  });
  show(result, source.value);
}

function show(result: ReplyResult<SegmentReply>, text: string): void {
  const ranges = result.issues.map((issue) => rangeOf(issue, text));
  // What a policy changed (a masked leak, a replaced attachment) is marked too, in another colour.
  const changed = result.findings.map((finding) => locatePointer(text, finding.path));
  verdict.innerHTML = verdictHtml(result, ranges);
  verdict.dataset.status = result.status;
  sourceView.innerHTML = highlighted(text, ranges, changed);
  preview.innerHTML =
    renderHtml(result, renderOptions) || '<p class="muted">Nothing to deliver.</p>';
  previewText.textContent = renderText(result, renderOptions);
  for (const item of Array.from(verdict.querySelectorAll<HTMLElement>('[data-issue]'))) {
    item.addEventListener('click', () => focusIssue(Number(item.dataset.issue)));
  }
}

function rangeOf(issue: Issue, text: string): Range | undefined {
  if (issue.offset !== undefined) {
    const lineEnd = text.indexOf('\n', issue.offset);
    return {
      start: issue.offset,
      end: Math.min(lineEnd === -1 ? text.length : lineEnd, issue.offset + 40) || issue.offset + 1,
    };
  }
  return (
    locatePointer(text, issue.path) ??
    locatePointer(text, issue.path.split('/').slice(0, -1).join('/'))
  );
}

const STATUS_LABEL: Record<string, string> = {
  completed: 'Deliverable',
  validation_failed: 'Refused — the host sends its failure notice',
  interrupted: 'Interrupted',
  error: 'Error',
};

function verdictHtml(result: ReplyResult<SegmentReply>, ranges: (Range | undefined)[]): string {
  const meta = `stage <b>${result.meta.stage}</b> · ${result.meta.schemaName} · ${result.meta.durationMs.toFixed(2)} ms`;
  const issues = result.issues
    .map((issue, i) => {
      const where =
        issue.line !== undefined
          ? ` <span class="pos">line ${issue.line}, col ${issue.column}</span>`
          : '';
      const clickable = ranges[i] ? ` data-issue="${i}" tabindex="0" role="button"` : '';
      return `<li${clickable}><code class="code">${escapeHtml(issue.code)}</code> <code class="ptr">${escapeHtml(issue.path || '/')}</code>${where}<div>${escapeHtml(issue.message)}</div></li>`;
    })
    .join('');
  const findings = result.findings
    .map(
      (finding) =>
        `<li><code class="code">${escapeHtml(finding.code)}</code> <code class="ptr">${escapeHtml(finding.path)}</code> <span class="rule">${escapeHtml(finding.rule)}</span></li>`,
    )
    .join('');
  return `<div class="status">${STATUS_LABEL[result.status] ?? result.status}</div>
    <div class="meta">${meta}</div>
    ${issues ? `<h3>Issues</h3><ol class="issues">${issues}</ol>` : ''}
    ${findings ? `<h3>Changed by policy</h3><ul class="findings">${findings}</ul>` : ''}`;
}

type Mark = Range & { readonly attributes: string };

function highlighted(
  text: string,
  issues: (Range | undefined)[],
  changed: (Range | undefined)[],
): string {
  const marks: Mark[] = [
    ...issues.flatMap((range, index) =>
      range ? [{ ...range, attributes: `id="issue-${index}"` }] : [],
    ),
    ...changed.flatMap((range) => (range ? [{ ...range, attributes: 'class="changed"' }] : [])),
  ].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const mark of marks) {
    if (mark.start < at) continue;
    const end = Math.max(mark.end, mark.start + 1);
    out +=
      escapeHtml(text.slice(at, mark.start)) +
      `<mark ${mark.attributes}>${escapeHtml(text.slice(mark.start, end))}</mark>`;
    at = end;
  }
  // A trailing line break needs a character after it to take up its line, as in the textarea.
  return out + escapeHtml(text.slice(at)) + (text.endsWith('\n') || text === '' ? ' ' : '');
}

function focusIssue(index: number): void {
  const mark = document.getElementById(`issue-${index}`);
  if (!mark) return;
  for (const other of Array.from(sourceView.querySelectorAll('mark.active')))
    other.classList.remove('active');
  mark.classList.add('active');
  mark.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

startLiveChat({ members: MEMBERS, renderOptions });

picker.value = 'valid';
source.value = EXAMPLES[0]!.reply();
void check();
