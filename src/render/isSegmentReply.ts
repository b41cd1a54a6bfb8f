import { compileValidator } from '../segments/compileValidator';
import type { SegmentReply } from '../segments/segmentCatalog';
import { SEGMENT_TABLE } from '../segments/segmentTable.generated';

// The closed catalog as the renderer reads it: the table generated from the valibot catalog, the
// one the validator reads, so the browser renderer ships no valibot and no second hand-kept copy.
const check = /* @__PURE__ */ compileValidator(SEGMENT_TABLE);

/**
 * Whether a value is a segment reply exactly as the closed catalog allows: known types, every
 * object closed, every field present and of its type. The renderer's own check, so a reply that
 * did not come through `checkReply` (or was changed since) is never rendered.
 */
export function isSegmentReply(value: unknown): value is SegmentReply {
  return check(value);
}
