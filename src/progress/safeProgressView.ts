import type { PartialValue } from './createValueBuilder';
import { heldBack } from './heldBack';
import type { ProgressScanner } from './progressScanner';
import { segmentJoins } from './segmentJoins';

/** A view of a partial value that may be shown, and how much of the text read it holds back. */
export interface SafeView {
  readonly value: unknown;
  /** Characters of the strings read so far that the view does not show yet. */
  readonly heldBack: number;
  /** The partial value's containers that the view does not show whole. */
  readonly partly: ReadonlySet<object>;
  /** Equal for two views of one stream exactly when they show the same. */
  readonly signature: string;
}

/** A closing tag or end token: what it ends began before it (a reasoning block without its opener). */
const CLOSER = /^(?:<[ \t]*\/|\[\/|◁\/|<\|end|<｜end)/i;

/** A span of the joined text: `[start, end)`, and what happens to it. */
interface Span {
  readonly start: number;
  readonly end: number;
  /** Withheld (removed) rather than masked. */
  readonly withheld: boolean;
}

/**
 * The part of a partial value that is safe to show now: the strings read so far, joined in reading
 * order, lose their last characters that are not decided yet ({@link heldBack}); secrets the leak
 * scanner finds are masked (a secret cut by the hold-back is masked as far as it is shown);
 * reasoning and tool-call markup is withheld with what it encloses (an unclosed block hides
 * everything after it); host paths are rewritten. What comes after the cut is left out: a string
 * shows its first characters, a later string or array item not at all. `undefined` when nothing
 * can be shown yet.
 */
export function safeProgressView(
  partial: PartialValue,
  scanner: ProgressScanner,
): SafeView | undefined {
  const { strings, byPointer, byPlace } = partial;
  // A segment reply is scanned and held back as the final reply's scan joins its texts.
  const joins = segmentJoins(partial);
  const hold = heldBack(partial, (text) => scanner.openMarkup(text), joins, scanner.window);

  // One scan for secrets and markup; every finding placed among the strings read.
  const spans: Span[] = [];
  const markup: { start: number; end: number; string: number; closer: boolean }[] = [];
  // Member names and numbers are masked after the strings are cut (`scanner.outbound`).
  const names = new Map<string, { start: number; end: number }[]>();
  const numbers = new Set<string>();
  for (const finding of scanner.scan(joins?.scanned ?? partial.root)) {
    if (finding.in === 'number') {
      numbers.add(finding.path);
      continue;
    }
    if (finding.in === 'name') {
      if (!finding.markup) names.set(finding.path, [...(names.get(finding.path) ?? []), finding]);
      continue;
    }
    const at = byPointer.get(finding.path);
    if (at === undefined) continue;
    const entry = strings[at]!;
    const start = entry.start + finding.start;
    const end = entry.start + finding.end;
    if (!finding.markup) spans.push({ start, end, withheld: false });
    else
      markup.push({
        start,
        end,
        string: at,
        closer: CLOSER.test(entry.text.slice(finding.start, finding.end)),
      });
  }
  let cut = hold.cut;
  markup.sort((a, b) => a.start - b.start);
  let opened = -1;
  for (const tag of markup) {
    if (!tag.closer) {
      if (opened < 0) opened = tag.start;
      continue;
    }
    // A closer ends the open block, or (with none open) what its string held before it.
    const from = opened >= 0 ? opened : strings[tag.string]!.start;
    spans.push({ start: from, end: tag.end, withheld: true });
    opened = -1;
  }
  if (opened >= 0) cut = Math.min(cut, opened);
  for (let k = 0; k < hold.masks.length; k += 2)
    if (hold.masks[k]! < cut)
      spans.push({
        start: hold.masks[k]!,
        end: Math.min(hold.masks[k + 1]!, cut),
        withheld: false,
      });

  const mask = scanner.mask;
  const partly = new Set<object>();
  const open: object[] = [];
  const render = (value: unknown, container: object | undefined, key: string | number): unknown => {
    if (typeof value === 'string') {
      const at = byPlace.get(container)?.get(key);
      const start = at === undefined ? Infinity : strings[at]!.start;
      if (start > cut || (start === cut && value.length > 0)) {
        for (const each of open) partly.add(each);
        return OMIT;
      }
      const length = Math.min(value.length, cut - start);
      if (length < value.length) for (const each of open) partly.add(each);
      return shown(value, start, length, spans, mask);
    }
    if (typeof value !== 'object' || value === null) return value;
    open.push(value);
    let out: unknown[] | Record<string, unknown>;
    if (Array.isArray(value)) {
      out = [];
      for (let k = 0; k < value.length; k++) {
        const item = render(value[k], value, k);
        if (item === OMIT) break;
        out.push(item);
      }
    } else {
      out = {};
      for (const name of Object.keys(value)) {
        const inner = render((value as Record<string, unknown>)[name], value, name);
        if (inner !== OMIT)
          Object.defineProperty(out, name, {
            value: inner,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
    }
    open.pop();
    return out;
  };
  let value = render(partial.root, undefined, 0);
  if (value === OMIT) return undefined;
  value = scanner.hostPaths(scanner.outbound(value, { names, numbers }));
  return {
    value,
    heldBack: partial.length - cut,
    partly,
    signature: `${partial.values}:${partial.closed.size}:${signature(cut, spans)}`,
  };
}

const OMIT = Symbol('omitted');

/** What decides a view of one stream: where it is cut, and what is masked or withheld before it. */
function signature(cut: number, spans: readonly Span[]): string {
  let out = String(cut);
  for (const span of spans)
    if (span.start < cut) out += `|${span.start}-${span.end}${span.withheld ? 'w' : 'm'}`;
  return out;
}

/** The first `length` characters of a string at `start` of the joined text, masked and withheld. */
function shown(
  text: string,
  start: number,
  length: number,
  spans: readonly Span[],
  mask: string,
): string {
  const end = start + length;
  const mine = spans
    .filter((span) => span.start < end && span.end > start)
    .map((span) => ({
      start: Math.max(span.start, start) - start,
      end: Math.min(span.end, end) - start,
      withheld: span.withheld,
    }))
    .sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const span of mine) {
    if (span.end <= at) continue;
    if (span.start > at) out += text.slice(at, span.start);
    if (!span.withheld && span.start >= at) out += mask;
    at = span.end;
  }
  return out + text.slice(at, length);
}
