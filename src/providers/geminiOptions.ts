import type { ProviderConnection } from './modelProvider';
import type { StreamOptions } from './streamOptions';

/** Options of the Gemini provider (`baseUrl` e.g. `https://generativelanguage.googleapis.com/v1beta`). */
export interface GeminiOptions extends ProviderConnection, StreamOptions {}
