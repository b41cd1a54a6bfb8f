import type { ModelProvider } from '../providers/modelProvider';
import {
  anthropicProvider,
  geminiProvider,
  openAiChatProvider,
  openAiResponsesProvider,
} from './core';
import { scriptedModel } from './scriptedModel';
import type { Config } from './workerConfig';

/** The model behind the Worker, chosen by configuration (its upstream settings only). */
export function upstreamProvider(
  config: Pick<Config, 'upstreamKind' | 'upstreamBaseUrl' | 'upstreamApiKey' | 'upstreamModel'>,
): ModelProvider {
  // Every kind takes the same three settings.
  const upstream = {
    baseUrl: config.upstreamBaseUrl ?? '',
    apiKey: config.upstreamApiKey,
    model: config.upstreamModel,
  };
  switch (config.upstreamKind) {
    case 'openai':
      return openAiChatProvider(upstream);
    case 'openai-responses':
      return openAiResponsesProvider(upstream);
    case 'json-text':
      return openAiChatProvider({ ...upstream, structuredOutput: false });
    case 'anthropic':
      return anthropicProvider(upstream);
    case 'gemini':
      return geminiProvider(upstream);
    default:
      return scriptedModel();
  }
}
