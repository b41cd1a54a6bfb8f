// The lazy chunk tour against the built package required as CommonJS (dist/index.cjs, where the
// chunks are inlined): the Bun CJS leg of lazyChunks.test.ts.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS is what this leg tests
const lib = require('../../dist/index.cjs');

void import('./lazyTour.mjs').then(async ({ lazyTour }) =>
  console.log(JSON.stringify(await lazyTour(lib))),
);
