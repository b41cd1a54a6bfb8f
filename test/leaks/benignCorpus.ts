import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The benign corpus of issue 28: assistant replies that hold no secret (cloud setup, env output,
// configs, logs, docs), written for this project. Each file under test/fixtures/benign/ holds
// replies, each after a line `=== <id>`. Ids, hashes and digests are written as `{{uuid}}`,
// `{{hex:N}}` or `{{digits:N}}` and filled from a seeded generator, so the corpus reads like
// real output (no `1234abcd` samples that a placeholder check would excuse) and stays stable.

export const benignDir = fileURLToPath(new URL('../fixtures/benign/', import.meta.url));

/** One benign reply: where it comes from and its text. */
export interface BenignReply {
  readonly id: string;
  readonly file: string;
  readonly text: string;
}

const HEX = '0123456789abcdef';
const DIGITS = '0123456789';

function generator(seed: number) {
  let state = seed;
  return (length: number, alphabet: string) => {
    let out = '';
    for (let i = 0; i < length; i++) {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      out += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
    }
    return out;
  };
}

/** Fills the `{{…}}` slots of a reply's text. */
function fill(text: string, random: (length: number, alphabet: string) => string): string {
  return text.replace(
    /\{\{(uuid|hex|digits)(?::(\d+))?\}\}/g,
    (_slot, kind: string, n?: string) => {
      if (kind === 'uuid')
        return `${random(8, HEX)}-${random(4, HEX)}-4${random(3, HEX)}-${'89ab'[Number(random(1, '0123'))]}${random(3, HEX)}-${random(12, HEX)}`;
      const length = Number(n ?? 8);
      return kind === 'hex' ? random(length, HEX) : random(length, DIGITS);
    },
  );
}

/** Every reply of the benign corpus, in file order. */
export function benignReplies(): BenignReply[] {
  const random = generator(0x5eed1234);
  const replies: BenignReply[] = [];
  for (const file of readdirSync(benignDir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()) {
    const parts = readFileSync(join(benignDir, file), 'utf8').split(/^=== (.+)\n/m);
    for (let k = 1; k + 1 < parts.length; k += 2)
      replies.push({
        id: `${file}#${parts[k]!.trim()}`,
        file,
        text: fill(parts[k + 1]!.trimEnd(), random),
      });
  }
  return replies;
}
