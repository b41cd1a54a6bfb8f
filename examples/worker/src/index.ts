// Your Worker, with replyguard mounted under /replyguard: POST /replyguard/v1/chat/completions,
// POST /replyguard/v1/check, GET /replyguard/v1/schema. Its configuration is read from this
// Worker's variables and secrets (wrangler.toml [vars], `wrangler secret put`) on each request.
import { Hono } from 'hono';
import { mount } from 'hono/mount';
import { createHandler } from 'replyguard/worker';

const replyguard = createHandler();

const app = new Hono();
app.get('/', (c) => c.text('My app. The guarded chat API is under /replyguard/v1/.'));
// `fetch` works unbound; routes live under the prefix, which the mount strips.
app.all('/replyguard/*', mount(replyguard.fetch));

export default app;
