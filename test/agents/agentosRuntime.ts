import {
  AgentOS,
  AgentOSResponseChunkType,
  GMIManager,
  GMIOutputChunkType,
  setLoggerFactory,
  type AgentOSResponse,
  type IGuardrailService,
} from '@framers/agentos';
import { ConversationContext } from '@framers/agentos/core/conversation/ConversationContext';
import { afterEach, beforeEach, vi } from 'vitest';
import { replyguardGuardrail, type ReplyguardGuardrailOptions } from '../../src/agentos/index';
import { NOTICE_TEXT } from './replies';

export { AgentOSResponseChunkType, GMIOutputChunkType };

/** What the scripted GMI does in a turn: stream text, maybe ask for an external tool, answer. */
export interface Turn {
  /** The text deltas the GMI streams. */
  readonly deltas?: readonly string[];
  /** The turn's final text (the GMI's `responseText`). */
  readonly reply?: string;
  /** An external tool call the turn stops at; `afterTool` is the answer once its result is in. */
  readonly toolCall?: { readonly id: string; readonly name: string };
  readonly afterTool?: string;
  /** The GMI fails after its deltas, with this error message (a model that fails mid-answer). */
  readonly failure?: string;
  /** Chunks the GMI streams after its deltas, as written (a system message, UI commands). */
  readonly chunks?: readonly Record<string, unknown>[];
  /** The turn's final output beyond its text (tool calls, UI commands, reasoning trace, error). */
  readonly output?: Record<string, unknown>;
  /** Messages the conversation holds before the turn (earlier turns, tool results). */
  readonly history?: readonly Record<string, unknown>[];
}

// The configuration AgentOS checks at initialize (shapes as its own createAgentOSConfig builds
// them): no providers, no persistence, the prompt engine's built-in template.
const CONFIG = {
  gmiManagerConfig: {
    personaLoaderConfig: { personaSource: './personas', loaderType: 'file_system', options: {} },
  },
  orchestratorConfig: {},
  promptEngineConfig: {
    defaultTemplateName: 'openai_chat',
    availableTemplates: {},
    tokenCounting: { strategy: 'estimated', estimationModel: 'gpt-3.5-turbo' },
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
  modelProviderManagerConfig: { providers: [] },
  defaultPersonaId: 'chat',
  prisma: {},
};

/**
 * AgentOS itself, initialised with the guardrail service, whose GMI (its model-facing agent) is
 * scripted: `processRequest` runs AgentOS's orchestration and its output-guardrail dispatch over
 * what the GMI streams. The GMI manager hands out the scripted GMI, as AgentOS's own tests do.
 */
export async function agentosWith(guardrail: IGuardrailService, turn: Turn) {
  const conversation = new ConversationContext('conversation-1');
  for (const message of turn.history ?? []) conversation.addMessage(message as never);
  const gmi = {
    getCurrentPrimaryPersonaId: () => 'chat',
    getGMIId: () => 'gmi-1',
    getPersona: () => ({
      id: 'chat',
      name: 'Chat',
      version: '1.0.0',
      baseSystemPrompt: 'You chat.',
    }),
    async *processTurnStream() {
      for (const delta of turn.deltas ?? [])
        yield {
          type: GMIOutputChunkType.TEXT_DELTA,
          content: delta,
          interactionId: 'i1',
          timestamp: new Date(),
        };
      if (turn.failure !== undefined) throw new Error(turn.failure);
      for (const chunk of turn.chunks ?? [])
        yield { interactionId: 'i1', timestamp: new Date(), ...chunk };
      if (turn.toolCall) {
        const call = {
          id: turn.toolCall.id,
          name: turn.toolCall.name,
          arguments: { city: 'Oslo' },
        };
        yield {
          type: GMIOutputChunkType.TOOL_CALL_REQUEST,
          content: [call],
          interactionId: 'i1',
          timestamp: new Date(),
          metadata: { executionMode: 'external', requiresExternalToolResult: true },
        };
        return { isFinal: false, responseText: turn.deltas?.join('') ?? null, toolCalls: [call] };
      }
      return { isFinal: true, responseText: turn.reply ?? null, ...turn.output };
    },
    handleToolResult: async () => ({ isFinal: true, responseText: turn.afterTool ?? null }),
  };
  vi.spyOn(GMIManager.prototype, 'initialize').mockResolvedValue(undefined);
  vi.spyOn(GMIManager.prototype, 'getOrCreateGMIForSession').mockResolvedValue({
    gmi,
    conversationContext: conversation,
  } as never);
  const agentos = new AgentOS(quiet);
  await agentos.initialize({ ...CONFIG, guardrailService: guardrail } as never);
  return { agentos, conversation };
}

/** AgentOS's logger, silenced: the suites read chunks, not its log lines. */
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  child: () => quiet,
};

setLoggerFactory(() => quiet);

/** One request's chunks, as the host reads them from `processRequest`. */
export async function requestChunks(agentos: AgentOS): Promise<AgentOSResponse[]> {
  const chunks: AgentOSResponse[] = [];
  for await (const chunk of agentos.processRequest({
    userId: 'user-1',
    sessionId: 'session-1',
    conversationId: 'conversation-1',
    textInput: 'hi',
    selectedPersonaId: 'chat',
  }))
    chunks.push(chunk);
  return chunks;
}

/** The guardrail's options in the suites: one allowed mention, a notice of their own. */
export const options = { mentions: { allowed: ['u1'] }, failureNotice: NOTICE_TEXT };
/** A text in the pieces a model streams. */
export const pieces = (text: string) => text.match(/[\s\S]{1,9}/g) ?? [];
/** A turn that streams its reply, then answers with it. */
export const streamedTurn = (reply: string): Turn => ({ deltas: pieces(reply), reply });

let running: AgentOS[] = [];

/** A suite's hooks: AgentOS's console lines silenced, every AgentOS it started shut down. */
export function useAgentosSuite(): void {
  beforeEach(() => {
    // AgentOS reports each step of its life on the console; the suite reads chunks, not logs.
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation(() => undefined);
  });
  afterEach(async () => {
    await Promise.all(running.map((agentos) => agentos.shutdown()));
    running = [];
    vi.restoreAllMocks();
  });
}

/** AgentOS with the guardrail (`guard`'s options), one request run, its chunks read. */
export async function run(turn: Turn, guard: ReplyguardGuardrailOptions = options) {
  const { agentos, conversation } = await agentosWith(replyguardGuardrail(guard), turn);
  running.push(agentos);
  const chunks = await requestChunks(agentos);
  return { agentos, conversation, chunks, ...readChunks(chunks) };
}

/** AgentOS started for a suite outside {@link run}, shut down after the test. */
export function started(agentos: AgentOS): void {
  running.push(agentos);
}

/** The final response, the deltas and the error chunk among a request's chunks. */
export function readChunks(chunks: AgentOSResponse[]) {
  const final = chunks.find((chunk) => chunk.type === AgentOSResponseChunkType.FINAL_RESPONSE);
  const deltas = chunks.flatMap((chunk) =>
    chunk.type === AgentOSResponseChunkType.TEXT_DELTA ? [chunk.textDelta] : [],
  );
  const error = chunks.find((chunk) => chunk.type === AgentOSResponseChunkType.ERROR);
  return {
    final: final?.type === AgentOSResponseChunkType.FINAL_RESPONSE ? final : undefined,
    deltas,
    error: error?.type === AgentOSResponseChunkType.ERROR ? error : undefined,
  };
}
