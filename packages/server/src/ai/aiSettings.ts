/**
 * Where AI Generate sends its prompts: an OpenAI-compatible chat completions endpoint, read from
 * the environment at start-up (AI_BASE_URL, AI_API_KEY, AI_MODEL; see config.ts).
 */
export interface AiSettings {
  aiBaseUrl?: string | undefined;
  aiApiKey?: string | undefined;
  aiModel?: string | undefined;
}

/** AI Generate is on when an endpoint and a model are configured. */
export const aiGenerateEnabled = (ai: AiSettings) => Boolean(ai.aiBaseUrl && ai.aiModel);
