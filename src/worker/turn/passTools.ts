import * as v from 'valibot';
import type { HttpError } from '../http/httpError';
import { badField, fieldError } from '../http/requestBody';

/** How one API's tools pass through to the upstream, as chat function tools. */
export interface ToolPass<TTool> {
  /** The one tool type that passes (`function`, `custom`); a tool of another type is refused. */
  readonly type: string;
  /** A tool of that type, checked. */
  readonly schema: v.GenericSchema<unknown, TTool>;
  /** What a tool that does not match `schema` is called in the 400. */
  readonly malformed: string;
  /** The checked tool (and the client's own, as it was sent) as the upstream gets it. */
  readonly toChat: (tool: TTool, sent: unknown) => unknown;
}

/**
 * A request's tools, checked one by one and turned into what goes upstream, or the 400 naming
 * the first that cannot pass (`tools.N.type` for another type of tool, `tools.N…` for a malformed
 * one). A tool without a `type` is of the API's one type. Only that type passes: other tools run
 * on the API vendor's side, which replyguard is not.
 */
export function passTools<TTool>(
  tools: readonly { readonly type?: string | undefined }[] | undefined,
  pass: ToolPass<TTool>,
): unknown[] | HttpError {
  const passed: unknown[] = [];
  for (const [index, tool] of (tools ?? []).entries()) {
    if (tool.type !== undefined && tool.type !== pass.type)
      return badField(
        `tools.${index}.type`,
        `the tool type "${tool.type}" is not supported: only ${pass.type} tools pass through replyguard`,
      );
    const parsed = v.safeParse(pass.schema, tool);
    if (!parsed.success) return fieldError(pass.malformed, parsed.issues, `tools.${index}`);
    passed.push(pass.toChat(parsed.output, tool));
  }
  return passed;
}
