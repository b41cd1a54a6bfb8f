import { describe, expect, it } from 'vitest';
import { firstPass } from '../../src/leaks/firstPass';
import { joinedWindows } from '../../src/leaks/joinedWindows';
import { LEAK_RULES } from '../../src/leaks/leakRules';
import { maskLeaks } from '../../src/leaks/maskLeaks';
import { scanTables } from '../../src/leaks/scanTables';
import { textStream } from '../../src/leaks/textStream';
import { inert, texts } from './seamHelpers';

// Issue 32, rounds 15–16: a seam whose two units some keyword has one after the other is read in
// a short copy only when such a keyword reads the units around it (caseless, markers skipped).
const tables = scanTables(LEAK_RULES);

describe('a seam with a keyword`s pair of units is read only when the keyword reads there', () => {
  it('decided without the copy where no keyword with the pair reads the units around it', () => {
    // `0a` of `sq0atp`: no keyword has `10` nor starts with `0`.
    expect(inert(texts('a 10', 'Article 10'))).toBe(true);
    expect(inert(texts('https://example.com/a/20', 'Article 20'))).toBe(true);
    // Each side fits a keyword's pairs, but `sq0atp` does not read `sq0` + `atq` across it.
    expect(inert(texts('see sq0', 'atq here'))).toBe(true);
    expect(inert(texts('see xq0', 'atp here'))).toBe(true);
  });

  it('read where they fit (any case, markers skipped), and the key found across it', () => {
    expect(inert(texts('see sq0', 'atp-x here'))).toBe(false);
    expect(inert(texts('see SQ0', 'ATP-x here'))).toBe(false);
    expect(inert(texts('see sq0*', '*atp-x here'))).toBe(false);
    expect(inert(texts('see GH', 'P_x here'))).toBe(false);
    expect(inert(texts('see gh**', '`p_x` here'))).toBe(false);
    const reply = texts('see db_pa', 'ssword = "ZQJDokn0tt9"\nArticle 3');
    expect(inert(reply)).toBe(false);
    expect(maskLeaks(reply).findings.map((finding) => finding.rule)).toContain(
      'password-assignment',
    );
  });

  it('a URL far before an @ needs no window, one whose @ is within reach does', () => {
    const prose = ' Lorem ipsum dolor sit amet, consectetur.'.repeat(16);
    const reply = texts(
      'See https://example.com/docs/1',
      `Article 1.${prose} postgres://admin:Zq9XwE4rT7`,
      'yU2i@db.example.com/app',
    );
    const { text, joins } = textStream(reply, false);
    const pass = firstPass(text, tables, false, 0);
    const windows = joinedWindows(text, joins, [], pass, tables, false, 1);
    expect(windows.some(([from, to]) => from <= joins[2]! && joins[2]! < to)).toBe(true);
    expect(windows.some(([from, to]) => from <= joins[0]! && joins[0]! < to)).toBe(false);
    expect(maskLeaks(reply).findings.map((finding) => finding.rule)).toContain(
      'database-connection-string',
    );
  });
});
