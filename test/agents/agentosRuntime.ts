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
import { vi } from 'vitest';

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
