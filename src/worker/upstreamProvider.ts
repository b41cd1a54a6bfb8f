import type { ModelProvider } from '../providers/modelProvider';
import {
  anthropicProvider,
  geminiProvider,
  openAiChatProvider,
  openAiResponsesProvider,
} from './core';
import { scriptedModel } from './scriptedModel';
import type { Config } from './workerConfig';

/** The model behind the Worker, chosen by configuration. */
export function upstreamProvider(config: Config): ModelProvider {
  const baseUrl = config.upstreamBaseUrl ?? '';
  switch (config.upstreamKind) {
    case 'openai':
      return openAiChatProvider({
        baseUrl,
        apiKey: config.upstreamApiKey,
        model: config.upstreamModel,
      });
    case 'openai-responses':
      return openAiResponsesProvider({
        baseUrl,
        apiKey: config.upstreamApiKey,
        model: config.upstreamModel,
      });
    case 'json-text':
      return openAiChatProvider({
        baseUrl,
        apiKey: config.upstreamApiKey,
        model: config.upstreamModel,
        structuredOutput: false,
      });
    case 'anthropic':
      return anthropicProvider({
        baseUrl,
        apiKey: config.upstreamApiKey,
        model: config.upstreamModel,
      });
    case 'gemini':
      return geminiProvider({
        baseUrl,
        apiKey: config.upstreamApiKey,
        model: config.upstreamModel,
      });
    default:
      return scriptedModel();
  }
}
