import { describe, expect, it } from 'vitest';
import { firstPass } from '../../src/leaks/firstPass';
import { joinedWindows } from '../../src/leaks/joinedWindows';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { LEAK_MASK, maskLeaks } from '../../src/leaks/maskLeaks';
import { scanTables } from '../../src/leaks/scanTables';
import { textStream } from '../../src/leaks/textStream';

// Issue 32: a joined view is built only where joining two strings could complete something. A
// reply's stream joins consecutive visible segments; ordinary ones must not cost a view each.
const tables = scanTables(LEAK_RULES);

/** The windows a joined view of `value`'s stream would be built over (its seams only). */
function windowsOf(value: unknown): [number, number][] {
  const stream = textStream(value, false);
  const pass = firstPass(stream.text, tables, false, 0);
  return joinedWindows(stream.text, stream.joins, [], pass, tables, false, 1);
}

const segments = (...texts: string[]) => ({
  segments: texts.map((text) => ({ type: 'text', data: { text } })),
});

describe('joined views are built only where a join can complete something', () => {
  it('not for a URL with a path before a seam, though an @ (a mention) follows within reach', () => {
    const reply = {
      segments: [
        { type: 'markdown', data: { content: 'See https://example.com/docs/1 today' } },
        { type: 'markdown', data: { content: 'Article 1' } },
        { type: 'mention', data: { target: '100000001' } },
      ],
    };
    expect(textStream(reply, false).joins.length).toBeGreaterThan(0);
    expect(windowsOf(reply)).toEqual([]);
  });

  it('but for a URL whose userinfo runs on to the seam (the credential is found across it)', () => {
    const reply = segments('connect to https://deploy:Xk29vQ', 'p7Lm4Rt@db.example.com now');
    expect(windowsOf(reply).length).toBeGreaterThan(0);
    const { value, findings } = maskLeaks(reply);
    expect(findings.map((finding) => finding.rule)).toContain('basic-auth-url');
    expect(JSON.stringify(value)).not.toContain('Xk29vQ');
    expect(JSON.stringify(value)).toContain(LEAK_MASK);
  });

  it('not where the join only makes a marker run between words (`0` + `**Item 1**`)', () => {
    const reply = {
      segments: [
        { type: 'share', data: { url: 'https://example.com/a/0', title: 'Article 0' } },
        { type: 'markdown', data: { content: '**Item 1** — some *markdown* with `code`' } },
      ],
    };
    expect(textStream(reply, false).joins.length).toBeGreaterThan(0);
    expect(windowsOf(reply)).toEqual([]);
  });

  it('but where the marker run the join makes sits inside a key (read as the reader sees it)', () => {
    const key = `ghp_${'aB3dE5gH7jK9mN1pQ3rS5tU7vW9xY1zA2cD4'}`;
    const reply = segments(`token ${key.slice(0, 14)}`, `**${key.slice(14)}** thanks`);
    expect(windowsOf(reply).length).toBeGreaterThan(0);
    const { value } = maskLeaks(reply);
    expect(JSON.stringify(value)).not.toContain(key.slice(0, 14));
    expect(JSON.stringify(value)).not.toContain(key.slice(14));
  });
});
