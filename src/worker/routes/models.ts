import { errorResponse } from '../http/httpError';
import { json } from '../http/jsonResponse';
import { isBadPage, modelsShape } from '../models/modelsShape';
import type { Config } from '../workerConfig';

/**
 * `GET /v1/models`: the models this caller may use (the Worker's `UPSTREAM_MODEL` and
 * `UPSTREAM_MODELS`, or its key's one model), for chat front ends and the clients'
 * `models.list()`: in Anthropic's shape when the request carries `anthropic-version`, OpenAI's
 * otherwise. A request's `model` naming one of them picks that upstream model.
 */
export function listModels(
  request: Request,
  config: Config,
  cors: Record<string, string>,
): Response {
  const shape = modelsShape(request);
  const list = shape.list(config.models, new URL(request.url).searchParams);
  if (isBadPage(list)) return errorResponse(shape.errors, list.error, cors);
  return json(list, 200, cors);
}

/** `GET /v1/models/:id`: one model of the list, or 404 in the client's shape. */
export function getModel(
  request: Request,
  config: Config,
  cors: Record<string, string>,
  id: string,
): Response {
  const shape = modelsShape(request);
  if (!config.models.includes(id))
    return errorResponse(
      shape.errors,
      { status: 404, code: 'MODEL_NOT_FOUND', message: 'no such model here: see GET /v1/models' },
      cors,
    );
  return json(shape.model(id), 200, cors);
}
