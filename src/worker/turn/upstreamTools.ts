import type { UpstreamKind } from '../workerConfig';

/** An OpenAI function tool, as clients send it. */
interface FunctionTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters?: unknown;
    readonly strict?: boolean | null;
  };
}

/**
 * The client's tools (OpenAI chat format) in the upstream's own format: as they are for
 * OpenAI-compatible upstreams, flat `{ type: 'function', name, parameters }` for the Responses
 * API, `{ name, description, input_schema }` for Anthropic, one `functionDeclarations` entry for
 * Gemini. Only function tools can be translated; anything else is refused with the index of the
 * tool, as a string.
 */
export function upstreamTools(
  kind: UpstreamKind,
  tools: readonly unknown[],
): readonly unknown[] | string {
  if (kind !== 'anthropic' && kind !== 'gemini' && kind !== 'openai-responses') return tools;
  const functions: FunctionTool['function'][] = [];
  for (const [index, tool] of tools.entries()) {
    const fn = (tool as Partial<FunctionTool>).function;
    if ((tool as Partial<FunctionTool>).type !== 'function' || typeof fn?.name !== 'string')
      return `tools.${index}: only function tools can be forwarded to a ${kind} upstream`;
    functions.push(fn);
  }
  const parameters = (fn: FunctionTool['function']) =>
    fn.parameters ?? { type: 'object', properties: {} };
  if (kind === 'openai-responses')
    return functions.map((fn) => ({
      type: 'function',
      name: fn.name,
      ...(fn.description ? { description: fn.description } : {}),
      parameters: parameters(fn),
      // The Responses API makes function tools strict unless told: a client's schema may not fit.
      strict: fn.strict ?? false,
    }));
  if (kind === 'anthropic')
    return functions.map((fn) => ({
      name: fn.name,
      ...(fn.description ? { description: fn.description } : {}),
      input_schema: parameters(fn),
    }));
  return [
    {
      functionDeclarations: functions.map((fn) => ({
        name: fn.name,
        ...(fn.description ? { description: fn.description } : {}),
        parametersJsonSchema: parameters(fn),
      })),
    },
  ];
}
