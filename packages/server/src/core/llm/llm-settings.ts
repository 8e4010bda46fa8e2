// The settings an llm model keeps in model.config.llm (endpoint name, operator prompt, temperature), validated.
import { invalid } from '../shared/domain-errors.js';
import type { Model } from '../shared/types.js';

export interface LlmModelSettings {
  /** Name of an endpoint the operator configured (TEXTCLASS_LLM_ENDPOINTS / TEXTCLASS_LLM_URL). */
  endpoint: string;
  /** The operator's task instructions. */
  prompt: string;
  temperature: number;
}

export const DEFAULT_LLM_TEMPERATURE = 0;
export const MAX_PROMPT_CHARS = 20_000;

/** Validates raw `config.llm` (e.g. from a create request); errors name the field as `llm.<field>`. */
export function parseLlmSettings(raw: unknown): LlmModelSettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw invalid('llm', 'must be an object with endpoint and prompt');
  const { endpoint, prompt, temperature } = raw as Record<string, unknown>;
  if (typeof endpoint !== 'string' || endpoint.trim() === '')
    throw invalid('llm.endpoint', 'must be the name of a configured LLM endpoint');
  if (typeof prompt !== 'string' || prompt.trim() === '') throw invalid('llm.prompt', 'must be a non-empty string');
  if (prompt.length > MAX_PROMPT_CHARS) throw invalid('llm.prompt', `must be at most ${MAX_PROMPT_CHARS} characters`);
  if (
    temperature !== undefined &&
    (typeof temperature !== 'number' || !Number.isFinite(temperature) || temperature < 0 || temperature > 2)
  ) {
    throw invalid('llm.temperature', 'must be a number between 0 and 2');
  }
  return { endpoint, prompt, temperature: temperature ?? DEFAULT_LLM_TEMPERATURE };
}

/** The settings of a stored llm model. */
export function llmSettingsOf(model: Model): LlmModelSettings {
  return parseLlmSettings(model.config.llm);
}

/** Rejects an endpoint name the operator has not configured (at model creation, so the model never points nowhere). */
export function assertKnownEndpoint(name: string, endpoints: ReadonlyMap<string, unknown>): void {
  if (endpoints.has(name)) return;
  const known = [...endpoints.keys()];
  throw invalid(
    'llm.endpoint',
    known.length === 0
      ? `no LLM endpoint is configured on this server (TEXTCLASS_LLM_ENDPOINTS or TEXTCLASS_LLM_URL), so "${name}" cannot be used`
      : `"${name}" is not a configured LLM endpoint; configured: ${known.map((k) => `"${k}"`).join(', ')}`,
  );
}
