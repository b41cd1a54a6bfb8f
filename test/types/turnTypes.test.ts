import { describe, expect, it } from 'vitest';
import { compileSnippets } from '../readme/compileSnippets';

// What users' code may rely on, compiled under strict and exactOptionalPropertyTypes (the README
// checker's settings): each case must compile, or must fail with the named error.
const cases = [
  {
    name: 'a valibot schema types the value (Standard Schema InferOutput)',
    code: `import * as v from 'valibot';
import { enforceReply } from 'replyguard';
const Ticket = v.object({ priority: v.picklist(['low', 'high']), note: v.optional(v.string()) });
const result = await enforceReply({ provider, messages, schema: Ticket });
if (result.status === 'completed') {
  const priority: 'low' | 'high' = result.value.priority;
  const note: string | undefined = result.value.note;
}`,
  },
  {
    name: 'a valibot value has no members beyond its schema',
    code: `import * as v from 'valibot';
import { enforceReply } from 'replyguard';
const result = await enforceReply({ provider, messages, schema: v.object({ priority: v.string() }) });
if (result.status === 'completed') result.value.nope;`,
    fails: "Property 'nope' does not exist",
  },
  {
    name: 'a zod schema types the value',
    code: `import { z } from 'zod';
import { enforceReply } from 'replyguard';
const result = await enforceReply({ provider, messages, schema: z.object({ count: z.number() }) });
if (result.status === 'completed') { const count: number = result.value.count; }`,
  },
  {
    name: 'a JSON Schema gives an unknown value',
    code: `import { enforceReply } from 'replyguard';
const result = await enforceReply({ provider, messages, schema: { type: 'object', properties: { count: { type: 'number' } } } });
if (result.status === 'completed') { const value: unknown = result.value; result.value.count; }`,
    fails: "'result.value' is of type 'unknown'",
  },
  {
    name: 'a schemaRef gives an unknown value',
    code: `import { enforceReply } from 'replyguard';
const result = await enforceReply({ provider, messages, schemaRef: 'ticket', registry: new Map() });
if (result.status === 'completed') result.value.count;`,
    fails: "'result.value' is of type 'unknown'",
  },
  {
    name: 'the IM preset narrows by status: value when completed, the notice when refused',
    code: `import { enforceReply, checkReply } from 'replyguard';
const turn = await enforceReply({ provider, messages, mentions: { allowed: memberIds }, signal });
if (turn.status === 'completed') deliver(turn.value.segments);
else if (turn.status === 'interrupted') turn.toolCalls?.map((call) => call.name);
else deliver(turn.notice.segments);
const checked = await checkReply(modelText);
deliver(checked.status === 'completed' ? checked.value.segments : checked.status === 'interrupted' ? [] : checked.notice.segments);`,
  },
  {
    name: 'an interrupted turn carries no notice',
    code: `import { enforceReply } from 'replyguard';
const turn = await enforceReply({ provider, messages });
if (turn.status === 'interrupted') deliver(turn.notice.segments);`,
    fails: "'turn.notice' is possibly 'undefined'",
  },
  {
    name: 'streamReply events narrow to the final result',
    code: `import { streamReply } from 'replyguard';
for await (const event of streamReply({ provider, messages, streamDeltas: true })) {
  if (event.type === 'delta') { const text: string = event.text; const provisional: true = event.provisional; }
  if (event.type === 'final') { const status: 'completed' | 'validation_failed' | 'interrupted' | 'error' = event.result.status; }
}`,
  },
  {
    name: 'options written with undefined values are accepted (exactOptionalPropertyTypes)',
    code: `import { enforceReply } from 'replyguard';
declare const maybe: { system?: string | undefined; timeoutMs?: number | undefined };
await enforceReply({ provider, messages, system: maybe.system, timeoutMs: maybe.timeoutMs, signal: undefined, tools: undefined });`,
  },
  {
    name: 'AI SDK options written with undefined values are accepted',
    code: `import { aiSdkProvider, replyguardMiddleware } from 'replyguard/ai-sdk';
declare const u: undefined;
aiSdkProvider(model, { settings: u, toolChoice: u, enforcement: u, transport: u, onCall: u });
replyguardMiddleware({ failureNotice: u, limits: u, enforcement: u, timeoutMs: u, correctionTimeoutMs: u });`,
  },
  {
    name: 'the AI SDK provider and middleware fit enforceReply and wrapLanguageModel',
    code: `import { wrapLanguageModel, generateText, streamText } from 'ai';
import { enforceReply } from 'replyguard';
import { aiSdkProvider, replyguardMiddleware } from 'replyguard/ai-sdk';
const result = await enforceReply({ provider: aiSdkProvider(model, { settings: { temperature: 0 } }), messages });
const guarded = wrapLanguageModel({ model, middleware: replyguardMiddleware({ mentions: { allowed: memberIds }, failureNotice: 'Sorry!' }) });
const { text } = await generateText({ model: guarded, prompt: 'hi', providerOptions: { replyguard: { mentions: memberIds } } });
const stream = streamText({ model: guarded, prompt: 'hi' });
for await (const delta of stream.textStream) delta.length;`,
  },
  {
    name: 'renderHtml takes a checked reply',
    code: `import { checkReply } from 'replyguard';
import { renderHtml } from 'replyguard/render';
preview.innerHTML = renderHtml(await checkReply(modelText), { mentionName: (id) => (id === 'u1' ? 'Ada' : undefined) });`,
  },
  {
    name: 'checkReply limits given as undefined (CheckReplyOptions.limits)',
    code: `import { checkReply } from 'replyguard';
await checkReply(modelText, { limits: undefined });`,
  },
  {
    name: 'a provider key from the environment (ProviderConnection.apiKey, fetch)',
    code: `import { openAiChatProvider, anthropicProvider, geminiProvider } from 'replyguard';
declare const env: { KEY?: string | undefined };
openAiChatProvider({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKey: env.KEY, fetch: undefined });
anthropicProvider({ baseUrl: 'https://api.anthropic.com/v1', model: 'claude', apiKey: env.KEY });
geminiProvider({ baseUrl: 'https://generativelanguage.googleapis.com/v1beta', model: 'gemini', apiKey: env.KEY });`,
  },
  {
    name: 'policies given as undefined (ReplyPolicies: mentions, leaks, hostPaths, media, hygiene)',
    code: `import { enforceReply, checkReply } from 'replyguard';
declare const u: undefined;
await enforceReply({ provider, messages, mentions: u, leaks: u, hostPaths: u, media: u, hygiene: u });
await checkReply(modelText, { mentions: u, leaks: u, hostPaths: u, media: u, hygiene: u });`,
  },
  {
    name: 'render options given as undefined (RenderOptions)',
    code: `import { checkReply } from 'replyguard';
import { renderHtml } from 'replyguard/render';
renderHtml(await checkReply(modelText), { mentionName: undefined, imageHosts: undefined });`,
  },
] as const satisfies readonly { name: string; code: string; fails?: string }[];

const results = compileSnippets(cases.map((item) => ({ name: item.name, code: item.code })));

describe('types users rely on (strict, exactOptionalPropertyTypes)', () => {
  it.each(cases.map((item, index) => ({ ...item, errors: results[index]!.errors })))(
    '$name',
    (item) => {
      if ('fails' in item) {
        expect(item.errors).toHaveLength(1);
        expect(item.errors[0]).toContain(item.fails);
      } else expect(item.errors).toEqual([]);
    },
  );
});
