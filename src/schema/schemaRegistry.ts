import type { CustomSchema } from './customSchema';

/** Where named schemas live, for `schemaRef`: a record, a Map (or anything with `get`), or a function. */
export type SchemaRegistry =
  | Readonly<Record<string, CustomSchema>>
  | { get(ref: string): CustomSchema | undefined | null | Promise<CustomSchema | undefined | null> }
  | ((ref: string) => CustomSchema | undefined | null | Promise<CustomSchema | undefined | null>);
