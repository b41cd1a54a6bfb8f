import { admitRequest } from './access/admitRequest';
import { corsHeaders, preflight } from './http/cors';
import { errorCodeOf } from './http/errorCode';
import { type ErrorShape, errorResponse, replyguardError } from './http/httpError';
import { json, jsonError } from './http/jsonResponse';
import { openAiError } from './http/openAiError';
import { settleRequestBody } from './http/settleRequestBody';
import { quoteOutbound, segmentJsonSchema } from './core';
import { handleChatCompletions } from './routes/chatCompletions';
import { handleCheck } from './routes/check';
import { handleMessages } from './routes/messages';
import { handleResponses } from './routes/responses';
import { anthropicError } from './messages/anthropicError';
import { type RequestRecord, closeRecord, openRecord } from './logging/requestRecord';
import { modelsShape } from './models/modelsShape';
import { getModel, listModels } from './routes/models';
import { getSchema, putSchema } from './routes/schemas';
import { type Config, type HandlerConfig, mergeVariables, readConfig } from './workerConfig';
import { workerLeaks } from './workerLeaks';
import { workerSecrets } from './workerSecrets';

/** What {@link createHandler} returns: a standard `fetch`, usable unbound. */
export interface ReplyguardHandler {
  readonly fetch: (request: Request, env?: unknown, ctx?: unknown) => Promise<Response>;
}

type Method = 'GET' | 'POST' | 'PUT';

/** The most characters of an unexpected failure's message (`…` aside). */
const FAILURE_MESSAGE_MAX = 160;
type Handle = (
  request: Request,
  config: Config,
  cors: Record<string, string>,
  param: string,
) => Promise<Response> | Response;
interface Route {
  /** API routes need the key when one is configured. */
  readonly api: boolean;
  readonly methods: Partial<Record<Method, Handle>>;
  /** How this route's API writes an error (401, 405); replyguard's own shape by default. */
  readonly errors?: ErrorShape;
  /** How it writes an error when that depends on the client (`/v1/models`). */
  readonly errorsFor?: (request: Request) => ErrorShape;
  /** The API an API route speaks, as its request log line names it. */
  readonly wire?: string;
}

const ROUTES: Readonly<Record<string, Route>> = {
  '/': { api: false, methods: { GET: (_, config) => demoPage(config) } },
  '/healthz': {
    api: false,
    methods: {
      GET: (_, config, cors) =>
        json({ ok: true, upstream: config.provider?.name ?? config.upstreamKind }, 200, cors),
    },
  },
  '/v1/schema': {
    api: true,
    wire: 'schema',
    methods: {
      GET: (_, __, cors) =>
        json(segmentJsonSchema(), 200, { ...cors, 'content-type': 'application/schema+json' }),
    },
  },
  '/v1/check': { api: true, wire: 'check', methods: { POST: handleCheck } },
  '/v1/chat/completions': {
    api: true,
    wire: 'chat',
    methods: { POST: handleChatCompletions },
    errors: openAiError,
  },
  '/v1/responses': {
    api: true,
    wire: 'responses',
    methods: { POST: handleResponses },
    errors: openAiError,
  },
  '/v1/messages': {
    api: true,
    wire: 'messages',
    methods: { POST: handleMessages },
    errors: anthropicError,
  },
  '/v1/models': {
    api: true,
    wire: 'models',
    methods: { GET: listModels },
    errorsFor: (request) => modelsShape(request).errors,
  },
  '/v1/models/:id': {
    api: true,
    wire: 'models',
    methods: { GET: getModel },
    errorsFor: (request) => modelsShape(request).errors,
  },
  '/v1/schemas/:name': {
    api: true,
    wire: 'schemas',
    methods: {
      GET: (_, config, cors, name) => getSchema(name, config, cors),
      PUT: (request, config, cors, name) => putSchema(request, name, config, cors),
    },
  },
};

/**
 * The replyguard Worker as a library: web-standard Request in, Response out, on any runtime with
 * `fetch` (Workers, Deno, Bun, Node, hono). The configuration uses the Worker's variable names and
 * defaults to the offline scripted model; the runtime's bindings (`env`) are merged over it. Every
 * failure is a JSON error with a clear status; nothing throws to the runtime. Mounted under a prefix,
 * routes live below it: a request still carrying `BASE_PATH` has it stripped, one already stripped
 * (as hono's `mount` does) is routed as it is.
 *
 * @example
 * const replyguard = createHandler({ UPSTREAM_KIND: 'openai', UPSTREAM_BASE_URL: 'https://api.openai.com/v1', UPSTREAM_MODEL: 'gpt-4o-mini' });
 * app.mount('/replyguard', replyguard.fetch); // hono: POST /replyguard/v1/chat/completions
 */
export function createHandler(config: HandlerConfig = {}): ReplyguardHandler {
  const fetch = async (request: Request, env?: unknown): Promise<Response> => {
    const record = openRecord(request);
    let response: Response;
    try {
      response = await route(request, config, env, record);
    } catch (error) {
      record.code = 'INTERNAL';
      // Masked, then shortened: a thrown message may quote anything, the Worker's secrets too.
      const secrets = workerSecrets(mergeVariables(config, env));
      response = jsonError(
        500,
        'INTERNAL',
        quoteOutbound(`unexpected failure: ${String((error as Error)?.message ?? error)}`, {
          max: FAILURE_MESSAGE_MAX,
          leaks: workerLeaks({ secrets }),
        }),
      );
    }
    record.status = response.status;
    // Whatever refused the request, its code is in the line (a route's own errors included).
    record.code ??= errorCodeOf(response);
    if (record.route !== undefined) tagRequestId(response, record.id);
    // A stream's line goes out when the stream ends (its turn closes the record).
    if (!record.deferred) closeRecord(record);
    return settleRequestBody(request, response);
  };
  return { fetch };
}

async function route(
  request: Request,
  handlerConfig: HandlerConfig,
  env: unknown,
  record: RequestRecord,
): Promise<Response> {
  const configured = readConfig(handlerConfig, env);
  if (!configured.ok) return jsonError(500, 'MISCONFIGURED', configured.message);
  const config = configured.config;
  const cors = corsHeaders(request, config.corsOrigins);
  const path = routePath(new URL(request.url).pathname, config.basePath);
  const match = findRoute(path);
  if (!match || (path === '/' && config.demoHtml === undefined))
    // The path is the caller's: masked, then shortened, like every message that leaves.
    return jsonError(
      404,
      'NOT_FOUND',
      quoteOutbound(`no route ${path}`, {
        max: FAILURE_MESSAGE_MAX,
        leaks: workerLeaks(config),
      }),
      cors,
    );
  const { route: found, param, pattern } = match;
  if (request.method === 'OPTIONS') return preflight(request, config.corsOrigins);
  const method = request.method === 'HEAD' ? 'GET' : (request.method as Method);
  const handle = found.methods[method];
  const errors = found.errorsFor?.(request) ?? found.errors ?? replyguardError;
  if (found.api) {
    record.route = pattern;
    record.method = request.method;
    record.wire = found.wire;
    record.sinks = config.sinks;
  }
  if (!handle) {
    record.code = 'METHOD_NOT_ALLOWED';
    const allowed = Object.keys(found.methods).join(', ');
    return errorResponse(
      errors,
      { status: 405, code: 'METHOD_NOT_ALLOWED', message: `${path} takes ${allowed}` },
      { ...cors, allow: `${allowed}, OPTIONS` },
    );
  }
  if (!found.api) return handle(request, config, cors, param);
  const admitted = await admitRequest(request, config, pattern, record);
  if (!admitted.ok) {
    record.code = admitted.error.code;
    return errorResponse(errors, admitted.error, { ...cors, ...admitted.headers });
  }
  return handle(request, admitted.config, cors, param);
}

/** Names the request in its answer, so a client's report finds its log line. */
function tagRequestId(response: Response, id: string): void {
  // Every answer is made here, with headers of its own (never a fetched response passed through).
  response.headers.set('x-replyguard-request-id', id);
}

/** The path below the mount prefix: stripped when the request still carries it. */
function routePath(pathname: string, basePath: string): string {
  if (basePath === '' || (pathname !== basePath && !pathname.startsWith(`${basePath}/`)))
    return pathname;
  return pathname.slice(basePath.length) || '/';
}

function findRoute(path: string): { route: Route; param: string; pattern: string } | undefined {
  const exact = ROUTES[path];
  if (exact) return { route: exact, param: '', pattern: path };
  const named = /^\/v1\/(schemas|models)\/([^/]+)$/.exec(path);
  if (!named) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(named[2]!);
  } catch {
    return undefined;
  }
  const pattern = named[1] === 'schemas' ? '/v1/schemas/:name' : '/v1/models/:id';
  return { route: ROUTES[pattern]!, param: name, pattern };
}

function demoPage(config: Config): Response {
  return new Response(config.demoHtml ?? '', {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DEMO_CSP },
  });
}

// The demo runs its own inlined script, talks only to this origin, and loads media only from
// data: URLs (it renders with an empty imageHosts list), as docs/rendering.md documents.
const DEMO_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; media-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
