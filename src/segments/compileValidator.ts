import type { GenericSchema } from 'valibot';
import { compileIssueFinder, type IssueSink } from './compileIssueFinder';

/** A yes/no check of a value, compiled from a valibot schema. */
export type FastCheck = (value: unknown) => boolean;

/**
 * Compiles the subset of valibot the segment catalog uses into a yes/no check: the issue finder
 * stopped at the first issue, so it copies nothing and ends at the first mistake. Anything
 * outside the subset throws at compile time, so the check and valibot can never silently disagree.
 */
export function compileValidator(schema: GenericSchema): FastCheck {
  const find = compileIssueFinder(schema);
  return (value) => {
    const sink: IssueSink = { issues: [], max: 0 };
    find(value, sink);
    return sink.overflow === undefined;
  };
}
