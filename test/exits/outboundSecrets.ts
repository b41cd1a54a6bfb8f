import { random } from '../leaks/ruleSamples';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const HEX = '0123456789abcdef';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One secret an upstream may quote: how it is written, and where its secret characters are. */
export interface SecretCase {
  readonly name: string;
  /** The secret as the upstream writes it. */
  readonly text: string;
  /** The secret parts (`[text, prefix]`: the characters after `prefix` of `text` are random). */
  readonly parts: readonly (readonly [string, number])[];
  /** A key of the host (the Worker's `UPSTREAM_API_KEY`): known to replyguard as a literal. */
  readonly literal?: true;
}

/**
 * The secrets issue 26 found cut by the old 120-character quote: an AWS key id, a GitHub token,
 * a PEM private key, a URL password, and two keys of the host itself (a 32-hex Azure-style key
 * and an `sk-proj-` key). Fresh random parts on each call (a fixed seed: stable across runs).
 */
export function secretCases(): SecretCase[] {
  const aws = `AKIA${random(16, UPPER)}`;
  const github = `ghp_${random(36)}`;
  const lines = Array.from({ length: 8 }, () => random(64, B64));
  const pem = `-----BEGIN RSA PRIVATE KEY-----\n${lines.join('\n')}\n-----END RSA PRIVATE KEY-----`;
  const password = random(18);
  const hex = random(32, HEX);
  const project = `sk-proj-${random(64)}`;
  return [
    { name: 'an AWS key id', text: aws, parts: [[aws, 4]] },
    { name: 'a GitHub token', text: github, parts: [[github, 4]] },
    { name: 'a PEM private key', text: pem, parts: lines.map((line) => [line, 0] as const) },
    {
      name: 'a URL password',
      text: `postgres://admin:${password}@db.internal:5432/prod`,
      parts: [[password, 0]],
    },
    { name: "the host's 32-hex key", text: hex, parts: [[hex, 0]], literal: true },
    { name: "the host's sk-proj- key", text: project, parts: [[project, 8]], literal: true },
  ];
}

/** The length of a piece of a secret that must never leave (issue 26: 8 characters or more). */
export const PIECE = 8;

/**
 * The first piece of {@link PIECE} characters of a case's secret found in `output`: any window
 * of a secret part that holds at least one of its random characters (so `AKIA` and three
 * random characters count, a well-known prefix alone does not).
 */
export function leakedPiece(output: string, cases: readonly SecretCase[]): string | undefined {
  for (const item of cases)
    for (const [text, prefix] of item.parts)
      for (let at = Math.max(0, prefix - PIECE + 1); at + PIECE <= text.length; at++) {
        const piece = text.slice(at, at + PIECE);
        if (output.includes(piece)) return `${item.name}: ${piece}`;
      }
  return undefined;
}

/** The literals of the cases that are the host's own keys. */
export function literalsOf(cases: readonly SecretCase[]): string[] {
  return cases.filter((item) => item.literal).map((item) => item.text);
}

/** A text that writes `secret` starting at `offset` of a JSON error body, as upstreams answer. */
export function errorBody(secret: string, offset: number): string {
  const head = '{"error":{"message":"';
  const pad = Math.max(0, offset - head.length);
  // The secret follows a blank, as a word of its own (glued to other letters it is no token).
  const filler =
    pad === 0 ? '' : `${'Incorrect API key provided: '.padEnd(pad - 1, 'x').slice(0, pad - 1)} `;
  return `${head}${filler}${secret} is not valid","type":"invalid_request_error"}}`;
}
