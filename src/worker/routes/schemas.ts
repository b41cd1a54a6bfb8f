import { type HttpError, errorResponse, replyguardError } from '../http/httpError';
import { json, jsonError } from '../http/jsonResponse';
import { hasMediaType, readJsonBody } from '../http/requestBody';
import { prepareClientSchema } from '../schemas/prepareClientSchema';
import { SCHEMA_NAME, loadSchema, saveSchema } from '../schemas/schemaStore';
import type { Config } from '../workerConfig';

const NO_SCHEMA_STORE: HttpError = Object.freeze({
  status: 501,
  code: 'NO_SCHEMA_STORE',
  message: 'no schema store: bind a KV namespace as SCHEMAS',
});

/**
 * `PUT /v1/schemas/:name`: stores a custom JSON Schema in the `SCHEMAS` KV namespace, for
 * `schemaRef`. Only with keys asked for (`API_KEY` or client keys; the key check, bearer or
 * `x-api-key`, runs before this), and only a schema that compiles.
 */
export async function putSchema(
  request: Request,
  name: string,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  if (!config.auth)
    return jsonError(
      403,
      'FORBIDDEN',
      'storing schemas needs API keys: set the API_KEY secret or client keys',
      cors,
    );
  if (!config.schemas) return errorResponse(replyguardError, NO_SCHEMA_STORE, cors);
  if (!SCHEMA_NAME.test(name))
    return jsonError(
      400,
      'BAD_REQUEST',
      'a schema name is 1 to 64 letters, digits, _ . or -, starting with a letter or digit',
      cors,
      { field: 'name' },
    );
  if (!hasMediaType(request, 'application/json', 'application/schema+json'))
    return jsonError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'send the JSON Schema as application/json',
      cors,
    );
  const body = await readJsonBody(request, config.maxBodyBytes, cors);
  if (!body.ok) return body.response;
  const prepared = await prepareClientSchema(body.value);
  if (!prepared.ok) return errorResponse(replyguardError, prepared.error, cors);
  const bytes = await saveSchema(config.schemas, name, body.value);
  return json({ name, bytes }, 201, cors);
}

/** `GET /v1/schemas/:name`: a stored schema. */
export async function getSchema(
  name: string,
  config: Config,
  cors: Record<string, string>,
): Promise<Response> {
  if (!config.schemas) return errorResponse(replyguardError, NO_SCHEMA_STORE, cors);
  const loaded = await loadSchema(config.schemas, name);
  if (!loaded.ok)
    return jsonError(
      loaded.issue.code === 'SCHEMA_NOT_FOUND' ? 404 : 500,
      loaded.issue.code,
      loaded.issue.message,
      cors,
    );
  return json(loaded.schema, 200, { ...cors, 'content-type': 'application/schema+json' });
}
