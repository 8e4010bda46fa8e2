// Parses the operator's LLM endpoints from the environment (TEXTCLASS_LLM_ENDPOINTS, or the TEXTCLASS_LLM_* shorthand for "default").

export interface LlmEndpointConfig {
  name: string;
  /** Base URL of the OpenAI-compatible API, without a trailing slash (requests go to `${url}/chat/completions`). */
  url: string;
  /** The model name sent in each request. */
  model: string;
  /** Name of the environment variable holding the API key (the key itself is never kept in config or the database). */
  apiKeyEnv: string | undefined;
  /** Bounds one classification: the wait for a free connection, the request and its retries. */
  timeoutMs: number;
  maxConcurrency: number;
  /** Most calls waiting for a free connection; one more is refused with 503 at once. */
  maxQueue: number;
}

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;
export const DEFAULT_LLM_MAX_CONCURRENCY = 4;
export const DEFAULT_LLM_MAX_QUEUE = 256;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FIELDS = new Set(['url', 'model', 'api_key_env', 'timeout_ms', 'max_concurrency', 'max_queue']);

function checkedUrl(where: string, raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new Error(`${where}: url is required (e.g. http://127.0.0.1:8000/v1)`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`${where}: url "${raw}" is not a URL (e.g. http://127.0.0.1:8000/v1)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${where}: url must start with http:// or https://`);
  if (url.username !== '' || url.password !== '')
    throw new Error(`${where}: url must not contain credentials; name the key's environment variable in api_key_env`);
  if (url.search !== '' || url.hash !== '') throw new Error(`${where}: url must not have a query or fragment`);
  return url.toString().replace(/\/+$/, '');
}

function checkedNumber(where: string, field: string, raw: unknown, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new Error(`${where}: ${field} must be an integer of at least ${min}, got ${JSON.stringify(raw)}`);
  return value;
}

function checkedEndpoint(
  name: string,
  where: string,
  raw: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
): LlmEndpointConfig {
  if (!NAME.test(name))
    throw new Error(`${where}: endpoint names are 1 to 64 letters, digits, ".", "_" or "-", got "${name}"`);
  const url = checkedUrl(where, raw.url);
  if (typeof raw.model !== 'string' || raw.model.trim() === '')
    throw new Error(`${where}: model is required (the model name the endpoint serves)`);
  const apiKeyEnv = raw.api_key_env;
  if (apiKeyEnv !== undefined && (typeof apiKeyEnv !== 'string' || apiKeyEnv === ''))
    throw new Error(`${where}: api_key_env must be the name of an environment variable`);
  if (typeof apiKeyEnv === 'string' && !(Object.hasOwn(env, apiKeyEnv) && env[apiKeyEnv]))
    throw new Error(`${where}: api_key_env names ${apiKeyEnv}, which is not set`);
  return {
    name,
    url,
    model: raw.model.trim(),
    apiKeyEnv,
    timeoutMs: checkedNumber(where, 'timeout_ms', raw.timeout_ms, DEFAULT_LLM_TIMEOUT_MS, 1),
    maxConcurrency: checkedNumber(where, 'max_concurrency', raw.max_concurrency, DEFAULT_LLM_MAX_CONCURRENCY, 1),
    maxQueue: checkedNumber(where, 'max_queue', raw.max_queue, DEFAULT_LLM_MAX_QUEUE, 0),
  };
}

function fromJson(raw: string, env: NodeJS.ProcessEnv): LlmEndpointConfig[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(
      `TEXTCLASS_LLM_ENDPOINTS is not valid JSON (${(error as Error).message}); expected {"<name>": {"url": "…", "model": "…"}}`,
      { cause: error },
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('TEXTCLASS_LLM_ENDPOINTS must be a JSON object {"<name>": {"url": "…", "model": "…"}}');
  return Object.entries(parsed as Record<string, unknown>).map(([name, value]) => {
    const where = `TEXTCLASS_LLM_ENDPOINTS["${name}"]`;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`${where} must be an object with url and model`);
    const unknown = Object.keys(value).filter((k) => !FIELDS.has(k));
    if (unknown.length > 0)
      throw new Error(`${where}: unknown field ${unknown.join(', ')} (known: ${[...FIELDS].join(', ')})`);
    return checkedEndpoint(name, where, value as Record<string, unknown>, env);
  });
}

function fromShorthand(env: NodeJS.ProcessEnv): LlmEndpointConfig | undefined {
  const {
    TEXTCLASS_LLM_URL: url,
    TEXTCLASS_LLM_MODEL: model,
    TEXTCLASS_LLM_API_KEY: key,
    TEXTCLASS_LLM_TIMEOUT_MS: timeout,
  } = env;
  if (!url) {
    if (model || key || timeout)
      throw new Error('TEXTCLASS_LLM_MODEL, TEXTCLASS_LLM_API_KEY and TEXTCLASS_LLM_TIMEOUT_MS need TEXTCLASS_LLM_URL');
    return undefined;
  }
  if (!model?.trim())
    throw new Error('TEXTCLASS_LLM_MODEL is required with TEXTCLASS_LLM_URL (the model name the endpoint serves)');
  return checkedEndpoint(
    'default',
    'TEXTCLASS_LLM_* (endpoint "default")',
    {
      url,
      model,
      api_key_env: key ? 'TEXTCLASS_LLM_API_KEY' : undefined,
      timeout_ms: timeout,
    },
    env,
  );
}

/** The configured endpoints by name; throws an Error naming the variable and the problem when the configuration is wrong. */
export function parseLlmEndpoints(env: NodeJS.ProcessEnv): Map<string, LlmEndpointConfig> {
  const endpoints = new Map<string, LlmEndpointConfig>();
  const json = env.TEXTCLASS_LLM_ENDPOINTS?.trim();
  for (const endpoint of json ? fromJson(json, env) : []) endpoints.set(endpoint.name, endpoint);
  const shorthand = fromShorthand(env);
  if (shorthand) {
    if (endpoints.has('default'))
      throw new Error(
        'TEXTCLASS_LLM_URL defines the endpoint "default", which TEXTCLASS_LLM_ENDPOINTS defines too; use one of them',
      );
    endpoints.set('default', shorthand);
  }
  return endpoints;
}
