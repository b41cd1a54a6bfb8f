import { HYGIENE_RULES } from '../hygiene/hygieneRules';
import { type HostPathPolicy, maskHostPaths } from '../hygiene/maskHostPaths';
import { mapJson } from '../json/mapJson';
import {
  LEAK_MASK,
  type LeakOptions,
  leakRulesFor,
  maskSpans,
  scanLeaks,
} from '../leaks/maskLeaks';
import { removeHiddenCharacters } from '../text/removeHiddenCharacters';
import type { PartialValue } from './createValueBuilder';
import { holdBack, tailOf } from './holdBack';

/** What a progress view is made safe with: the turn's own outbound policies. */
export interface ProgressPolicies {
  /** The leak scanner's options (`false`: no leak masking; markup is withheld all the same). */
  readonly leaks?: LeakOptions | false | undefined;
  readonly hostPaths?: HostPathPolicy | undefined;
}

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
/** Leak and hygiene rules, per leak options: one scan finds both. */
const RULES = new WeakMap<object, ReturnType<typeof leakRulesFor>>();

/** A span of the joined text: `[start, end)`, and what happens to it. */
interface Span {
  readonly start: number;
  readonly end: number;
  /** Withheld (removed) rather than masked. */
  readonly withheld: boolean;
}

/**
 * The part of a partial value that is safe to show now: the strings read so far, joined in reading
 * order, lose their last characters that are not decided yet ({@link holdBack}); secrets the leak
 * scanner finds are masked (a secret cut by the hold-back is masked as far as it is shown);
 * reasoning and tool-call markup is withheld with what it encloses (an unclosed block hides
 * everything after it); host paths are rewritten. What comes after the cut is left out: a string
 * shows its first characters, a later string or array item not at all. `undefined` when nothing
 * can be shown yet.
 */
export function safeProgressView(
  partial: PartialValue,
  policies: ProgressPolicies,
): SafeView | undefined {
  const { strings, byPointer, byPlace } = partial;
  const tail = tailOf(strings);
  const hold = holdBack(tail.text);

  // One scan for secrets and markup; every finding placed among the strings read.
  const leaks = policies.leaks === false ? undefined : (policies.leaks ?? {});
  const rules = rulesFor(policies);
  const spans: Span[] = [];
  const markup: { start: number; end: number; string: number; closer: boolean }[] = [];
  // Member names and numbers are masked after the strings are cut (see `maskNamesAndNumbers`).
  const names = new Map<string, { rule: string; start: number; end: number }[]>();
  const numbers = new Set<string>();
  // The host's literals go in apart from the rules: the scanner then also finds them in numbers.
  const scan = { rules, allow: leaks?.allow ?? [], literals: leaks?.literals ?? [] };
  for (const finding of scanLeaks(partial.root, scan)) {
    if (finding.start === undefined || finding.end === undefined) {
      numbers.add(finding.path);
      continue;
    }
    if (finding.memberName) {
      if (isHygieneRule(finding.rule)) continue;
      const list = names.get(finding.path) ?? [];
      list.push({ rule: finding.rule, start: finding.start, end: finding.end });
      names.set(finding.path, list);
      continue;
    }
    const at = byPointer.get(finding.path);
    if (at === undefined || finding.start === undefined || finding.end === undefined) continue;
    const entry = strings[at]!;
    const start = entry.start + finding.start;
    const end = entry.start + finding.end;
    if (!isHygieneRule(finding.rule)) spans.push({ start, end, withheld: false });
    else
      markup.push({
        start,
        end,
        string: at,
        closer: CLOSER.test(entry.text.slice(finding.start, finding.end)),
      });
  }
  let cut = tail.start + hold.cut;
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
  if (hold.maskTo > hold.maskFrom)
    spans.push({
      start: tail.start + hold.maskFrom,
      end: Math.min(tail.start + hold.maskTo, cut),
      withheld: false,
    });

  const mask = leaks?.mask ?? LEAK_MASK;
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
  value = maskNamesAndNumbers(value, names, numbers, mask);
  if (policies.hostPaths) value = maskHostPaths(value, policies.hostPaths).value;
  return {
    value,
    heldBack: partial.length - cut,
    partly,
    signature: `${partial.values}:${partial.closed.size}:${signature(cut, spans)}`,
  };
}

const OMIT = Symbol('omitted');

let hygieneIds: ReadonlySet<string> | undefined;
/** Whether a finding is reasoning or tool markup (withheld) rather than a secret (masked). */
function isHygieneRule(id: string): boolean {
  hygieneIds ??= new Set(HYGIENE_RULES.map((rule) => rule.id));
  return hygieneIds.has(id);
}

/** What decides a view of one stream: where it is cut, and what is masked or withheld before it. */
function signature(cut: number, spans: readonly Span[]): string {
  let out = String(cut);
  for (const span of spans)
    if (span.start < cut) out += `|${span.start}-${span.end}${span.withheld ? 'w' : 'm'}`;
  return out;
}

function rulesFor(policies: ProgressPolicies): ReturnType<typeof leakRulesFor> {
  // Kept per policies object: a scanner prepares each new rule list anew.
  let rules = RULES.get(policies);
  if (rules === undefined) {
    rules =
      policies.leaks === false
        ? HYGIENE_RULES
        : [...leakRulesFor({ rules: policies.leaks?.rules }), ...HYGIENE_RULES];
    RULES.set(policies, rules);
  }
  return rules;
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

/**
 * What the final reply will show in place of the view's member names, numbers and hidden
 * characters: names with a secret masked (the scan's name findings, by member pointer), numbers
 * holding a host literal as the mask, and bidi controls and invisibles removed from every string
 * and name, as the core removes them from the reply it delivers. The view keeps the partial
 * value's shape, so its pointers are the scan's.
 */
function maskNamesAndNumbers(
  value: unknown,
  names: ReadonlyMap<string, { rule: string; start: number; end: number }[]>,
  numbers: ReadonlySet<string>,
  mask: string,
): unknown {
  const visible = (text: string) => removeHiddenCharacters(text)?.text ?? text;
  return mapJson(value, {
    string: visible,
    name: (name, pointer) => {
      const spans = names.get(pointer);
      return visible(spans ? maskSpans(name, [...spans].sort(byStart), mask) : name);
    },
    number:
      numbers.size > 0 ? (number, pointer) => (numbers.has(pointer) ? mask : number) : undefined,
  }).value;
}

const byStart = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start - b.start || b.end - a.end;
