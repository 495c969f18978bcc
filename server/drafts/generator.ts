import { type Env, env } from '../env.ts';
import type { DraftGenerator } from './draft.ts';
import { openAiDraftGenerator } from './openai-draft.ts';
import { structuredDraft } from './structured-draft.ts';

/**
 * docs/decisions.md "Draft generation": the model when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set
 * (env.ts refuses a partial set), otherwise the deterministic structured draft.
 */
export function selectDraftGenerator(config: Env = env()): DraftGenerator {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_MS } = config;
  if (LLM_BASE_URL && LLM_API_KEY && LLM_MODEL) {
    return openAiDraftGenerator({ baseUrl: LLM_BASE_URL, apiKey: LLM_API_KEY, model: LLM_MODEL, timeoutMs: LLM_TIMEOUT_MS });
  }
  return structuredDraft;
}
