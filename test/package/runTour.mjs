// Runs the lazy chunk tour against the built package (dist/index.js, its lazy chunks in
// dist/lazy/) and prints the result as JSON: the Deno and Bun legs of lazyChunks.test.ts.
import { lazyTour } from './lazyTour.mjs';

const lib = await import('../../dist/index.js');
console.log(JSON.stringify(await lazyTour(lib)));
