/**
 * An Aho–Corasick automaton over a small alphabet of character classes, as flat typed arrays:
 * `next[state + class]` is the state after reading a character of that class, states are
 * premultiplied by `stride` (no multiplication in the scanner's loop), and every state that ends
 * a pattern is numbered from `accepting` on, so the loop's one test per character is
 * `state >= accepting`. `outputs(state)` lists the codes of the patterns that end there.
 */
export interface KeywordAutomaton {
  readonly next: Int32Array;
  readonly stride: number;
  readonly accepting: number;
  /** Per accepting state (`(state - accepting) / stride`): its codes are `codes[from[k]..from[k + 1])`. */
  readonly from: Int32Array;
  readonly codes: Int32Array;
}

/**
 * Builds the automaton of `patterns` (each a sequence of classes below `classes`, with the code
 * it reports). Linear in the patterns' total length times the number of classes: the trie, its
 * failure links in breadth-first order, every transition filled from the failure state's.
 */
export function keywordAutomaton(
  patterns: readonly { readonly classes: readonly number[]; readonly code: number }[],
  classes: number,
): KeywordAutomaton {
  let stride = 1;
  while (stride < classes) stride <<= 1;
  let size = 1;
  for (const pattern of patterns) size += pattern.classes.length;
  // The trie: -1 where no child; then completed in place into the transition function.
  const goto = new Int32Array(size * stride).fill(-1);
  const own: number[][] = [[]];
  let states = 1;
  for (const { classes: sequence, code } of patterns) {
    let state = 0;
    for (const symbol of sequence) {
      const at = state * stride + symbol;
      if (goto[at]! < 0) {
        goto[at] = states++;
        own.push([]);
      }
      state = goto[at]!;
    }
    own[state]!.push(code);
  }
  const fail = new Int32Array(states);
  const outputs: number[][] = own;
  const order = [0];
  for (let c = 0; c < stride; c++) {
    const child = goto[c]!;
    if (child > 0) order.push(child);
    else goto[c] = 0;
  }
  for (let k = 1; k < order.length; k++) {
    const state = order[k]!;
    const inherited = outputs[fail[state]!]!;
    if (inherited.length > 0) outputs[state] = [...outputs[state]!, ...inherited];
    for (let c = 0; c < stride; c++) {
      const at = state * stride + c;
      const child = goto[at]!;
      const fallback = goto[fail[state]! * stride + c]!;
      if (child > 0) {
        fail[child] = fallback;
        order.push(child);
      } else goto[at] = fallback;
    }
  }
  // Renumbered: states that report nothing first, then the accepting ones.
  const number = new Int32Array(states);
  let plain = 0;
  for (let state = 0; state < states; state++)
    if (outputs[state]!.length === 0) number[state] = plain++;
  let accepting = plain;
  const from = new Int32Array(states - plain + 1);
  const codes: number[] = [];
  for (let state = 0; state < states; state++) {
    if (outputs[state]!.length === 0) continue;
    from[accepting - plain] = codes.length;
    codes.push(...outputs[state]!);
    number[state] = accepting++;
  }
  from[accepting - plain] = codes.length;
  const next = new Int32Array(states * stride);
  for (let state = 0; state < states; state++)
    for (let c = 0; c < stride; c++)
      next[number[state]! * stride + c] = number[goto[state * stride + c]!]! * stride;
  return { next, stride, accepting: plain * stride, from, codes: Int32Array.from(codes) };
}
