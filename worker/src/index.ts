// The deployed Worker (module syntax): the replyguard handler library plus the demo page, which
// worker/build.mjs bundles in as text. Variables, secrets and bindings (KV namespaces, rate limits,
// Analytics Engine) are named in wrangler.jsonc and arrive as `env`.
import demoHtml from '../../demo/dist/index.html';
import { createHandler } from '../../src/worker/index';

export default createHandler({ demoHtml });
