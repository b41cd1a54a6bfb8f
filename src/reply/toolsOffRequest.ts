import type { ModelRequest } from '../providers/modelProvider';
import { joinSystem } from './joinSystem';

/** What the model is told when the tool budget is spent: it sits before the format instruction. */
const TOOLS_OFF_NOTE =
  'The tool budget of this turn is spent: no tool can be called any more. Answer the user now, from the conversation and the tool results above.';

/**
 * The request of the tools-off summary, made once when the tool budget is spent: the same
 * conversation (the tool steps that ran, with their results), the same reply schema, no tool the
 * model may call (`toolChoice: 'none'`: each provider lists the tools only where its API needs
 * them), and a note before the format instruction saying so. The answer that asked for more
 * tools is not part of it: none of its calls ran.
 */
export function toolsOffRequest(
  request: ModelRequest,
  host: string | undefined,
  instruction: string,
): ModelRequest {
  return {
    ...request,
    system: joinSystem(host, TOOLS_OFF_NOTE, instruction),
    toolChoice: 'none',
  };
}
