import { describe, expect, it } from 'vitest';
import { upstreamProvider } from '../../src/worker/upstreamProvider';
import type { Config } from '../../src/worker/workerConfig';

const config = (
  upstreamKind: Config['upstreamKind'],
): Parameters<typeof upstreamProvider>[0] & Partial<Config> => ({
  upstreamKind,
  upstreamBaseUrl: 'https://upstream.example/v1',
  upstreamModel: 'model-1',
  upstreamApiKey: 'upstream-key',
  upstreamTimeoutMs: 1_000,
  corsOrigins: [],
  maxBodyBytes: 1_024,
  basePath: '',
  secrets: ['upstream-key'],
  toolCallLeaks: 'mask',
});

describe('upstreamProvider', () => {
  it('picks the transport each kind names, json-text without structured output', () => {
    const picked = (
      ['openai', 'openai-responses', 'json-text', 'anthropic', 'gemini'] as const
    ).map((kind) => {
      const provider = upstreamProvider(config(kind));
      return [kind, provider.name, provider.enforcement, typeof provider.stream];
    });
    expect(picked).toEqual([
      ['openai', 'openai-chat', 'provider_schema', 'function'],
      ['openai-responses', 'openai-responses', 'provider_schema', 'function'],
      ['json-text', 'json-text', 'prompt_only', 'function'],
      ['anthropic', 'anthropic', 'forced_tool', 'function'],
      ['gemini', 'gemini', 'provider_schema', 'function'],
    ]);
  });

  it('is the offline scripted model for scripted', () => {
    expect(upstreamProvider(config('scripted')).name).toBe('scripted');
  });
});
