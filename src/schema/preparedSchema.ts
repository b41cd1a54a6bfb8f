import type { Issue } from '../issues/issue';
import type { JsonObserver } from '../json/jsonObserver';
import type { JsonSchema } from '../segments/segmentJsonSchema';
import type { StandardSchemaV1 } from './standardSchema';

/** A caller's own reply contract: a JSON Schema object or any Standard Schema. */
export type CustomSchema = JsonSchema | StandardSchemaV1;

/** Validates a parsed value; resolves to issues (empty when valid). */
export type ValueValidator = (value: unknown) => Promise<Issue[]>;

/** A custom schema made ready for a turn. */
export interface PreparedSchema {
  readonly validate: ValueValidator;
  /** The JSON Schema providers can enforce, when there is one. */
  readonly jsonSchema?: JsonSchema;
  /**
   * A fresh streaming judge for each answer (`createSchemaJudge`), when the schema can be judged
   * while it streams: a JSON Schema always, a Standard Schema when its JSON Schema is faithful.
   */
  readonly judge?: () => JsonObserver;
}

/** The outcome of {@link prepareSchema}: ready, or refused before any model call. */
export type PreparedResult =
  | { readonly ok: true; readonly schema: PreparedSchema }
  | { readonly ok: false; readonly issues: Issue[] };
