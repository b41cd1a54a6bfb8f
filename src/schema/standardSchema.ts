/** The Standard Schema v1 interface (valibot, zod, arktype… implement it). */
export interface StandardSchemaV1<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    /** Carries the input and output types for inference only. */
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** A Standard Schema result. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: readonly {
        readonly message: string;
        readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
      }[];
    };

/** True for any Standard Schema. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  const standard =
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)['~standard']
      : undefined;
  return (
    typeof standard === 'object' &&
    standard !== null &&
    typeof (standard as Record<string, unknown>).validate === 'function'
  );
}
