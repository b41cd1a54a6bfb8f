// The render-time figure of issue 19: renderHtml (the built package) on an ordinary Markdown
// reply and on every family of pathological Markdown, in µs per KB at two sizes, and each
// family's cost as a multiple of the ordinary reply's (goal: at most 10×). Each pair is measured
// side by side in alternating rounds, keeping the fastest, so load on the machine hits both.
import { micromark } from 'micromark';
import { MIXED, ORDINARY, PATHOLOGICAL } from '../test/markdown/pathologicalMarkdown';
import { markdownReply } from '../test/markdown/renderMarkdownReply';

type Render = typeof import('../src/render/index').renderHtml;

function fastestMs(run: () => unknown, rounds: number): number {
  let best = Infinity;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Prints the table; returns the worst ratio at the largest size. */
export function printRenderTimes(renderHtml: Render, sizes: readonly number[]): number {
  const render = (content: string) => renderHtml(markdownReply(content));
  const perKb = (ms: number, text: string) => (ms * 1000) / (text.length / 1024);
  console.log('\n## render time (renderHtml, µs per KB of Markdown; ratio to an ordinary reply)');
  console.log('goal (issue 19): every family ≤ 10× an ordinary reply of the same size');
  const header = sizes.map(
    (size) => `${`${Math.round(size / 1024)} KB`.padStart(10)} ${'×'.padStart(7)}`,
  );
  console.log(`${'family'.padEnd(40)} ${header.join('  ')}`);
  const families = { ordinary: ORDINARY, ...PATHOLOGICAL, ...MIXED };
  let worst = 0;
  for (const [name, make] of Object.entries(families)) {
    const cells: string[] = [];
    for (const size of sizes) {
      const ordinary = ORDINARY(size);
      const input = make(size);
      let base = Infinity;
      let time = Infinity;
      for (let round = 0; round < 3; round++) {
        base = Math.min(
          base,
          fastestMs(() => render(ordinary), 2),
        );
        time = Math.min(
          time,
          fastestMs(() => render(input), 2),
        );
      }
      const ratio = perKb(time, input) / perKb(base, ordinary);
      if (size === sizes[sizes.length - 1]) worst = Math.max(worst, ratio);
      cells.push(
        `${perKb(time, input).toFixed(1).padStart(10)} ${`${ratio.toFixed(2)}×`.padStart(7)}`,
      );
    }
    console.log(`${name.padEnd(40)} ${cells.join('  ')}`);
  }
  // The renderer this replaced, on the ordinary reply only (its pathological cases take minutes).
  const sample = ORDINARY(sizes[0]!);
  const before = fastestMs(
    () => micromark(sample, { extensions: [{ disable: { null: ['htmlFlow', 'htmlText'] } }] }),
    3,
  );
  console.log(
    `micromark on the ordinary reply at ${Math.round(sizes[0]! / 1024)} KB: ${perKb(before, sample).toFixed(1)} µs/KB (the renderer before this one)`,
  );
  console.log(`worst family at the largest size: ${worst.toFixed(2)}× ordinary`);
  return worst;
}
