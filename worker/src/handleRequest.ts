import { segmentJsonSchema } from '../../src/index';
import { type Env, readConfig } from './env';
import { hasBearerKey } from './http/bearerAuth';
import { corsHeaders, preflight } from './http/cors';
import { json, jsonError } from './http/jsonResponse';
import { handleChatCompletions } from './routes/chatCompletions';
import { handleCheck } from './routes/check';

/** Static content the Worker serves, bundled in at build time. */
export interface Assets {
  /** The demo page (one HTML file with its script inlined). */
  readonly demoHtml: string;
}

type Route = { readonly method: 'GET' | 'POST'; readonly api: boolean; readonly handle: (request: Request, env: Env, cors: Record<string, string>) => Promise<Response> | Response };

/**
 * The Worker: web-standard Request in, Response out. Every failure is a JSON error with a clear
 * message and status; nothing here throws to the runtime.
 */
export async function handleRequest(request: Request, env: Env, assets: Assets): Promise<Response> {
  const configured = readConfig(env);
  if (!configured.ok) return jsonError(500, 'MISCONFIGURED', configured.message);
  const config = configured.config;
  const cors = corsHeaders(request, config.corsOrigins);
  const url = new URL(request.url);

  const routes: Record<string, Route> = {
    '/': { method: 'GET', api: false, handle: () => new Response(assets.demoHtml, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DEMO_CSP } }) },
    '/healthz': { method: 'GET', api: false, handle: () => json({ ok: true, upstream: config.upstreamKind }, 200, cors) },
    '/v1/schema': { method: 'GET', api: true, handle: () => json(segmentJsonSchema(), 200, { ...cors, 'content-type': 'application/schema+json' }) },
    '/v1/check': { method: 'POST', api: true, handle: (req) => handleCheck(req, config, cors) },
    '/v1/chat/completions': { method: 'POST', api: true, handle: (req) => handleChatCompletions(req, config, cors) },
  };
  const route = routes[url.pathname];
  if (!route) return jsonError(404, 'NOT_FOUND', `no route ${url.pathname}`, cors);
  if (request.method === 'OPTIONS') return preflight(request, config.corsOrigins);
  if (request.method !== route.method && !(route.method === 'GET' && request.method === 'HEAD')) {
    return jsonError(405, 'METHOD_NOT_ALLOWED', `${url.pathname} takes ${route.method}`, { ...cors, allow: `${route.method}, OPTIONS` });
  }
  if (route.api && config.apiKey && !(await hasBearerKey(request, config.apiKey))) {
    return jsonError(401, 'UNAUTHORIZED', 'send Authorization: Bearer <key>', { ...cors, 'www-authenticate': 'Bearer' });
  }
  try {
    return await route.handle(request, env, cors);
  } catch (error) {
    return jsonError(500, 'INTERNAL', `unexpected failure: ${String((error as Error)?.message ?? error).slice(0, 120)}`, cors);
  }
}

// The demo runs its own inlined script, talks only to this origin, and loads media only from
// http(s) and data: URLs.
const DEMO_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src https: http: data:; media-src https: http: data:; connect-src 'self'; base-uri 'none'; form-action 'none'";
