import type { ErrorShape, HttpError } from '../http/httpError';
import { openAiError } from '../http/openAiError';
import { anthropicError } from '../messages/anthropicError';

/** When a listed model was made: unknown to replyguard, so the epoch (documented). */
const CREATED = 0;
const CREATED_AT = '1970-01-01T00:00:00Z';

/**
 * How `/v1/models` answers one client: Anthropic's shape for a request carrying
 * `anthropic-version` (every Anthropic SDK sends it), OpenAI's otherwise.
 */
export interface ModelsShape {
  /** The model list, or the 400 its paging parameters earn. */
  readonly list: (models: readonly string[], query: URLSearchParams) => unknown;
  /** One model. */
  readonly model: (id: string) => unknown;
  readonly errors: ErrorShape;
}

/** OpenAI's `GET /v1/models`: `{ object: 'list', data: [{ id, object: 'model', created, owned_by }] }`. */
const openAiModels: ModelsShape = {
  list: (models) => ({ object: 'list', data: models.map(openAiModel) }),
  model: openAiModel,
  errors: openAiError,
};

function openAiModel(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: 'replyguard' };
}

/**
 * Anthropic's `GET /v1/models`: `{ data: [{ type: 'model', id, display_name, created_at }],
 * has_more, first_id, last_id }`, paged by `limit` (1 to 1000, default 20), `after_id` and
 * `before_id` as Anthropic's API pages it.
 */
const anthropicModels: ModelsShape = {
  list: (models, query) => {
    const limit = Number(query.get('limit') ?? 20);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
      return badPage('limit', 'must be an integer from 1 to 1000');
    const after = query.get('after_id');
    const before = query.get('before_id');
    // An id not in the list pages nothing.
    const at = (id: string) => models.indexOf(id);
    const rest =
      before !== null
        ? at(before) < 0
          ? []
          : models.slice(0, at(before))
        : after !== null
          ? at(after) < 0
            ? []
            : models.slice(at(after) + 1)
          : models;
    // Paging back takes the models nearest the cursor.
    const page =
      before !== null ? rest.slice(Math.max(0, rest.length - limit)) : rest.slice(0, limit);
    return {
      data: page.map(anthropicModel),
      has_more: rest.length > page.length,
      first_id: page[0] ?? null,
      last_id: page.at(-1) ?? null,
    };
  },
  model: anthropicModel,
  errors: anthropicError,
};

function anthropicModel(id: string) {
  return { type: 'model', id, display_name: id, created_at: CREATED_AT };
}

/** A paging parameter that cannot be read, as data the route answers with. */
export interface BadPage {
  readonly error: HttpError;
}

function badPage(field: string, why: string): BadPage {
  return {
    error: {
      status: 400,
      code: 'BAD_REQUEST',
      message: `\`${field}\`: ${why}`,
      details: { field },
    },
  };
}

/** The shape a request's client reads. */
export function modelsShape(request: Request): ModelsShape {
  return request.headers.has('anthropic-version') ? anthropicModels : openAiModels;
}

/** True for a list that could not be made (a bad paging parameter). */
export function isBadPage(value: unknown): value is BadPage {
  return typeof value === 'object' && value !== null && 'error' in value && !('data' in value);
}
