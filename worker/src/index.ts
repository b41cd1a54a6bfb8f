// The Worker entry (module syntax). The demo page is bundled in as text by worker/build.mjs.
import demoHtml from '../../demo/dist/index.html';
import type { Env } from './env';
import { handleRequest } from './handleRequest';

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return handleRequest(request, env, { demoHtml });
  },
};
