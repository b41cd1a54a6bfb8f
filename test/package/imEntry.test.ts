import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requireBuilt } from '../requireBuilt';

// The IM delivery entries as they ship: ESM and CJS by their package names, the catalog check
// and renderer taken from `replyguard/render` (no second copy), @satorijs/element left external.
const root = fileURLToPath(new URL('../../', import.meta.url));
requireBuilt('dist/im.js');
const packageName: string = 'replyguard';
const reply =
  '{"segments":[{"type":"text","data":{"text":"[CQ:at,qq=all]"}},{"type":"mention","data":{"target":"42"}}]}';

describe('replyguard/im and replyguard/im/satori', () => {
  it('import as ESM and require as CJS, and deliver a checked reply', async () => {
    const core = (await import(packageName)) as typeof import('../../src/index');
    const result = await core.checkReply(reply, { mentions: { allowed: ['42'] } });
    const require = createRequire(import.meta.url);
    for (const im of [
      (await import(`${packageName}/im`)) as typeof import('../../src/im/index'),
      require(`${packageName}/im`) as typeof import('../../src/im/index'),
    ])
      expect(im.cqMessage(result)).toBe('&#91;CQ:at,qq=all&#93;[CQ:at,qq=42]');
    for (const satori of [
      (await import(`${packageName}/im/satori`)) as typeof import('../../src/im/satori/index'),
      require(`${packageName}/im/satori`) as typeof import('../../src/im/satori/index'),
    ])
      expect(satori.satoriMessage(result)).toBe('[CQ:at,qq=all]<at id="42"/>');
  });

  it('ship no copy of the catalog or the renderer, and leave @satorijs/element external', () => {
    for (const file of ['dist/im.js', 'dist/im.cjs', 'dist/im/satori.js', 'dist/im/satori.cjs']) {
      const text = readFileSync(`${root}${file}`, 'utf8');
      expect(text, file).toMatch(/replyguard\/render/);
      expect(text, file).not.toMatch(/strictObject|SEGMENT_TABLE|function renderText/);
    }
    for (const file of ['dist/im/satori.js', 'dist/im/satori.cjs'])
      expect(readFileSync(`${root}${file}`, 'utf8'), file).toMatch(/@satorijs\/element/);
    expect(readFileSync(`${root}dist/im.js`, 'utf8')).not.toMatch(/@satorijs\/element/);
  });
});
