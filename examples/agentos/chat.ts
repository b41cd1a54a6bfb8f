// One chat turn through AgentOS, its reply enforced by replyguard's guardrail service, against any
// OpenAI-compatible API.
//
//   OPENAI_BASE_URL=https://api.openai.com/v1 OPENAI_API_KEY=sk-... MODEL=gpt-4o-mini \
//   MEMBERS=u1,u2 npx tsx examples/agentos/chat.ts "Tell @u1 the build is green"
//
// AgentOS streams its chunks; the guardrail withholds the model's text deltas and sanitizes the
// FINAL_RESPONSE to the checked (masked) reply, or to the fixed failure notice. The reply to deliver
// is printed as JSON on stdout (AgentOS's own progress lines go to stderr).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentOS, AgentOSResponseChunkType, setLoggerFactory } from '@framers/agentos';
import { PrismaClient } from '@framers/agentos/core/storage/prismaClient';
import { segmentInstruction } from 'replyguard';
import { replyguardGuardrail } from 'replyguard/agentos';

// AgentOS reports each step of its work (its logger, and the console): to stderr here, so that
// stdout carries the reply alone.
const toStderr = {
  info: (message: string) => console.error(message),
  warn: (message: string) => console.error(message),
  error: (message: string) => console.error(message),
  debug: () => undefined,
  child: () => toStderr,
};
setLoggerFactory(() => toStderr);
console.log = console.error;
console.info = console.error;
console.debug = console.error;

// A persona of our own, whose system prompt ends with the segment instruction.
const personas = await mkdtemp(join(tmpdir(), 'replyguard-personas-'));
await writeFile(
  join(personas, 'chat.json'),
  JSON.stringify({
    id: 'chat',
    name: 'Chat',
    description: 'A friendly assistant in a team chat.',
    version: '1.0.0',
    baseSystemPrompt: `You are a friendly assistant in a team chat.\n\n${segmentInstruction()}`,
  }),
);

const model = process.env.MODEL ?? 'gpt-4o-mini';
const agentos = new AgentOS();
await agentos.initialize({
  gmiManagerConfig: {
    personaLoaderConfig: { personaSource: personas, loaderType: 'file_system', options: {} },
    defaultGMIBaseConfigDefaults: { defaultLlmProviderId: 'openai', defaultLlmModelId: model },
  },
  orchestratorConfig: {},
  promptEngineConfig: {
    defaultTemplateName: 'openai_chat',
    availableTemplates: {},
    tokenCounting: { strategy: 'estimated', estimationModel: 'generic' },
    historyManagement: {
      defaultMaxMessages: 40,
      maxTokensForHistory: 4000,
      summarizationTriggerRatio: 0.8,
      preserveImportantMessages: true,
    },
    contextManagement: {
      maxRAGContextTokens: 1500,
      summarizationQualityTier: 'balanced',
      preserveSourceAttributionInSummary: true,
    },
    contextualElementSelection: {
      maxElementsPerType: {},
      defaultMaxElementsPerType: 3,
      priorityResolutionStrategy: 'highest_first',
      conflictResolutionStrategy: 'skip_conflicting',
    },
    performance: { enableCaching: false, cacheTimeoutSeconds: 120 },
  },
  toolOrchestratorConfig: {},
  toolPermissionManagerConfig: {},
  conversationManagerConfig: { persistenceEnabled: false },
  streamingManagerConfig: {},
  modelProviderManagerConfig: {
    providers: [
      {
        providerId: 'openai',
        enabled: true,
        isDefault: true,
        config: {
          apiKey: process.env.OPENAI_API_KEY ?? '',
          baseURL: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
          defaultModel: model,
        },
      },
    ],
  },
  defaultPersonaId: 'chat',
  // AgentOS's own stand-in for a Prisma client: this turn persists nothing.
  prisma: new PrismaClient(),
  guardrailService: replyguardGuardrail({
    mentions: { allowed: (process.env.MEMBERS ?? '').split(',').filter(Boolean) },
    failureNotice: 'Sorry, I could not answer that properly. Please try again.',
  }),
});

let delivered = false;
for await (const chunk of agentos.processRequest({
  userId: 'user-1',
  sessionId: 'session-1',
  selectedPersonaId: 'chat',
  textInput: process.argv.slice(2).join(' ') || 'Say hello.',
})) {
  if (chunk.type === AgentOSResponseChunkType.FINAL_RESPONSE && chunk.finalResponseText) {
    process.stdout.write(`${chunk.finalResponseText}\n`);
    // The guardrail's evaluation rides in the chunk's metadata: refused, the text is the notice.
    const guardrail = chunk.metadata?.guardrail as
      { output?: { reasonCode?: string }[] } | undefined;
    if (guardrail?.output?.[0]?.reasonCode === 'REPLYGUARD_REFUSED') process.exitCode = 1;
    delivered = true;
  } else if (chunk.type === AgentOSResponseChunkType.ERROR) {
    console.error(`agentos: ${chunk.code} ${chunk.message}`);
    process.exitCode = 1;
  }
}
await agentos.shutdown();
if (!delivered) process.exitCode ||= 1;
