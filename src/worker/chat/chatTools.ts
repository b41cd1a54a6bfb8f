import * as v from 'valibot';
import { badField } from '../http/requestBody';
import type { HttpError } from '../http/httpError';
import { passTools } from '../turn/passTools';
import { plainObject } from '../turn/plainObject';

const FunctionTool = v.object({
  type: v.literal('function'),
  function: v.object({
    name: v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a name of 1 to 64 letters, digits, _ or -'),
    ),
    description: v.nullish(v.string()),
    parameters: v.nullish(plainObject('a JSON Schema object')),
    strict: v.nullish(v.boolean()),
  }),
});

/** The chat request's `tools` and `tool_choice`, as far as `readChatTools` checks them. */
export interface ChatToolsInput {
  readonly tools?: readonly { readonly type: string }[] | undefined;
  readonly tool_choice?: unknown;
}

/**
 * The chat request's function tools, checked, as they go upstream (with `tool_choice: "none"` the
 * turn is tools-off: see `WireTurn.toolChoice`). As on the other routes, a forced choice
 * (`"required"` or a named tool) is refused: the model chooses, then the reply is enforced; and a
 * tool of another type is refused rather than sent on to an upstream that may not read it.
 */
export function readChatTools(input: ChatToolsInput): unknown[] | HttpError {
  const choice = input.tool_choice;
  if (choice !== undefined && choice !== null && choice !== 'auto' && choice !== 'none')
    return badField(
      'tool_choice',
      'only "auto" and "none" are supported: replyguard lets the model choose, then enforces the reply',
    );
  const tools = passTools(input.tools, {
    type: 'function',
    schema: FunctionTool,
    malformed: 'a function tool is malformed',
    // The chat format is the upstream's: a tool goes as the client wrote it.
    toChat: (_, sent) => sent,
  });
  return tools;
}
