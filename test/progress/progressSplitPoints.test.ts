import { describe, expect, it } from 'vitest';
import { findMarkup } from '../../src/hygiene/findMarkup';
import type { CustomSchema } from '../../src/schema/customSchema';
import { hiddenPieces, KEYS, progressAtEverySplit, randomChars, wrap } from './progressLeaks';

// Each case is streamed through streamReply (streamProgress, a scripted provider) cut in two at
// every position: no progress view shows 8 or more characters of a secret the final reply masks,
// nor any of the markup it refuses.

const WORDS = 'the reply is ready, see below and thanks for waiting ';
const text = (value: string) => ({ type: 'text', data: { text: value } });
const segments = (...list: unknown[]) => JSON.stringify({ segments: list });

/** Expects no view of `answer` to show a piece of `secret` the final reply hides; returns the views. */
async function neverShown(answer: string, secret: string, separator = '', schema?: CustomSchema) {
  const hidden = hiddenPieces(secret, answer, separator);
  // The final reply masks (some of) the secret: the case has teeth.
  expect(hidden.length).toBeGreaterThanOrEqual(8);
  const views = await progressAtEverySplit(answer, schema ? { schema } : {});
  expect(views.length).toBeGreaterThan(answer.length / 2);
  for (const { split, shown } of views) {
    const read = separator ? shown.replaceAll(separator, '') : shown;
    const piece = hidden.find((each) => read.includes(each));
    expect(piece, `split ${split}: ${JSON.stringify(shown.slice(-120))}`).toBeUndefined();
  }
  return views;
}

describe('a secret cut across two segments, whatever order their members come in', () => {
  const key = KEYS.openai;
  for (const cut of [10, 30, 60, 82])
    it(`the second segment writes its data before its type (cut after ${cut})`, async () => {
      const first = JSON.stringify(text(`${WORDS}${key.slice(0, cut)}`));
      const second = `{"data":{"text":${JSON.stringify(`${key.slice(cut)} ${WORDS}${WORDS}`)}},"type":"text"}`;
      await neverShown(`{"segments":[${first},${second}]}`, key);
    });

  it('a Markdown segment typed last after a text segment', async () => {
    const second = `{"data":{"content":${JSON.stringify(`${KEYS.anthropic.slice(40)} ${WORDS}${WORDS}`)}},"type":"markdown"}`;
    const answer = `{"segments":[${JSON.stringify(text(`${WORDS}${KEYS.anthropic.slice(0, 40)}`))},${second}]}`;
    await neverShown(answer, KEYS.anthropic);
  });

  it("a share title read before its url, joined to the next segment's text", async () => {
    const share = {
      type: 'share',
      data: {
        title: `${WORDS}${KEYS.anthropic.slice(0, 50)}`,
        url: `https://example.com/${'a'.repeat(80)}?q=${'plain words '.repeat(12)}`,
      },
    };
    const answer = segments(share, text(`${KEYS.anthropic.slice(50)} ${WORDS}${WORDS}`));
    await neverShown(answer, KEYS.anthropic);
  });

  it('a mention typed last, read after an @ that makes the text before it a credential', async () => {
    const credential = `admin:${randomChars(24, 21)}`;
    const mention = `{"data":{"target":"db.example.com"},"type":"mention"}`;
    const answer = `{"segments":[${JSON.stringify(text(`${WORDS}connect to https://${credential}`))},${mention},${JSON.stringify(text(` ${WORDS}${WORDS}`))}]}`;
    await neverShown(answer, credential);
  });

  it('a custom schema of segments: a long note read after the text it follows', async () => {
    const first = {
      type: 'text',
      data: { text: `${WORDS}${KEYS.jwt.slice(0, 60)}`, note: `${WORDS}${WORDS}${WORDS}` },
    };
    const answer = segments(first, text(`${KEYS.jwt.slice(60)} ${WORDS}${WORDS}`));
    await neverShown(answer, KEYS.jwt, '', { type: 'object' });
  });
});

describe('a key hard-wrapped in a text shows none of its prefix', () => {
  // Every line break a scanner joins: a single one, CRLF, indentation, a tab, a quote, a list
  // item, a Markdown hard break (two spaces or a backslash).
  const separators = ['\n', '\r\n', '\n  ', '\n\t', '\n> ', '\n- ', '  \n', '\\\n'];
  for (const separator of separators)
    for (const [name, key] of [
      ['anthropic', KEYS.anthropic],
      ['jwt', KEYS.jwt],
    ] as const)
      it(`${name} wrapped at 40 with ${JSON.stringify(separator)}`, async () => {
        const body = wrap(`${WORDS.slice(0, 27)} ${key} ${WORDS}${WORDS}`, 40, separator);
        await neverShown(segments(text(body)), key, separator);
      });

  it('a key cut once by a single line break (not a wrapped block)', async () => {
    const body = `${WORDS}${KEYS.anthropic.slice(0, 70)}\n${KEYS.anthropic.slice(70)} ${WORDS}${WORDS}`;
    await neverShown(segments(text(body)), KEYS.anthropic, '\n');
  });

  it('a wrapped ghp_ member name of a custom schema', async () => {
    const name = wrap(KEYS.github, 20, '\n');
    const answer = JSON.stringify({ answer: WORDS, [name]: WORDS, more: `${WORDS}${WORDS}` });
    await neverShown(answer, KEYS.github, '\n', { type: 'object' });
  });
});

describe('a run too long to hold shows masked from its first character', () => {
  it('a JWT whose header alone is longer than the hold-back', async () => {
    const jwt = `eyJ${randomChars(160, 7)}.eyJ${randomChars(60, 8)}.${randomChars(43, 9)}`;
    const views = await neverShown(segments(text(`${WORDS}${jwt} ${WORDS}${WORDS}`)), jwt);
    // The run was shown masked while it was undecided, not held back whole.
    expect(views.some(({ shown }) => shown.includes(`${WORDS.trim()} [REDACTED]`))).toBe(true);
  });
});

describe('tool markup longer than the hold-back never shows its head', () => {
  const attributes = `name="search" arguments="${'{&quot;query&quot;: 1, &quot;page&quot;: 2} '.repeat(4)}"`;
  const tags = [
    ['a tool_call tag with long attributes', `<tool_call ${attributes}>run it</tool_call>`],
    [
      'written with character references',
      `&lt;tool_call ${attributes}&gt;run it&lt;/tool_call&gt;`,
    ],
    ['a full-width opener', `＜tool_call ${attributes}>run it</tool_call>`],
    ['a Llama function tag', `<function=${'lookup_'.repeat(13)}>{"q": 1}</function>`],
  ] as const;
  for (const [name, tag] of tags)
    it(name, async () => {
      const answer = segments(text(`${WORDS}${tag} ${WORDS}${WORDS}`));
      // The final reply refuses it.
      expect(findMarkup(JSON.parse(answer)).map((issue) => issue.code)).toContain(
        'TOOL_MARKUP_IN_REPLY',
      );
      const views = await progressAtEverySplit(answer);
      expect(views.length).toBeGreaterThan(answer.length / 2);
      for (const { split, shown } of views)
        for (const piece of ['tool_call', 'function=', 'name=', 'lookup_', 'quot', 'run it'])
          expect(shown, `split ${split}: ${JSON.stringify(shown.slice(-120))}`).not.toContain(
            piece,
          );
    });
});
