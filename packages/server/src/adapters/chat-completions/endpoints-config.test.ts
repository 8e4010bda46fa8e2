// Operator configuration of LLM endpoints from the environment, and its error messages.
import { describe, expect, it } from 'vitest';
import { parseLlmEndpoints } from './endpoints-config.js';

describe('parseLlmEndpoints', () => {
  it('is empty when nothing is configured', () => {
    expect(parseLlmEndpoints({}).size).toBe(0);
  });

  it('reads named endpoints with defaults for timeout, concurrency and queue', () => {
    const endpoints = parseLlmEndpoints({
      VLLM_API_KEY: 'sk-local',
      TEXTCLASS_LLM_ENDPOINTS: JSON.stringify({
        vllm: {
          url: 'http://127.0.0.1:8000/v1/',
          model: 'qwen2.5-7b-instruct',
          api_key_env: 'VLLM_API_KEY',
          timeout_ms: 10000,
          max_concurrency: 8,
          max_queue: 32,
        },
        ollama: { url: 'http://localhost:11434/v1', model: 'llama3.2' },
      }),
    });
    expect(endpoints.get('vllm')).toEqual({
      name: 'vllm',
      url: 'http://127.0.0.1:8000/v1',
      model: 'qwen2.5-7b-instruct',
      apiKeyEnv: 'VLLM_API_KEY',
      timeoutMs: 10000,
      maxConcurrency: 8,
      maxQueue: 32,
    });
    expect(endpoints.get('ollama')).toEqual({
      name: 'ollama',
      url: 'http://localhost:11434/v1',
      model: 'llama3.2',
      apiKeyEnv: undefined,
      timeoutMs: 30000,
      maxConcurrency: 4,
      maxQueue: 256,
    });
  });

  it('reads the shorthand as the endpoint "default", keeping only the name of the key variable', () => {
    const endpoints = parseLlmEndpoints({
      TEXTCLASS_LLM_URL: 'http://127.0.0.1:8080/v1',
      TEXTCLASS_LLM_MODEL: 'gemma',
      TEXTCLASS_LLM_API_KEY: 'secret-key',
      TEXTCLASS_LLM_TIMEOUT_MS: '5000',
    });
    expect(endpoints.get('default')).toEqual({
      name: 'default',
      url: 'http://127.0.0.1:8080/v1',
      model: 'gemma',
      apiKeyEnv: 'TEXTCLASS_LLM_API_KEY',
      timeoutMs: 5000,
      maxConcurrency: 4,
      maxQueue: 256,
    });
    expect(JSON.stringify([...endpoints.values()])).not.toContain('secret-key');
  });

  it.each([
    [{ TEXTCLASS_LLM_ENDPOINTS: '{vllm: 1}' }, /TEXTCLASS_LLM_ENDPOINTS is not valid JSON/],
    [{ TEXTCLASS_LLM_ENDPOINTS: '[]' }, /must be a JSON object/],
    [{ TEXTCLASS_LLM_ENDPOINTS: '{"a": "http://x"}' }, /\["a"\] must be an object with url and model/],
    [{ TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "not a url", "model": "m"}}' }, /\["a"\]: url "not a url" is not a URL/],
    [
      { TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "ftp://host/v1", "model": "m"}}' },
      /url must start with http:\/\/ or https:\/\//,
    ],
    [{ TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "http://u:p@host/v1", "model": "m"}}' }, /must not contain credentials/],
    [{ TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "http://host/v1"}}' }, /\["a"\]: model is required/],
    [
      { TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "http://host/v1", "model": "m", "apikey": "x"}}' },
      /unknown field apikey/,
    ],
    [
      { TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "http://host/v1", "model": "m", "api_key_env": "NOPE"}}' },
      /api_key_env names NOPE, which is not set/,
    ],
    [
      { TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "http://host/v1", "model": "m", "timeout_ms": 0}}' },
      /timeout_ms must be an integer of at least 1/,
    ],
    [
      { TEXTCLASS_LLM_ENDPOINTS: '{"a": {"url": "http://host/v1", "model": "m", "max_queue": -1}}' },
      /max_queue must be an integer of at least 0/,
    ],
    [{ TEXTCLASS_LLM_ENDPOINTS: '{"a b": {"url": "http://host/v1", "model": "m"}}' }, /endpoint names are/],
    [{ TEXTCLASS_LLM_URL: 'http://host/v1' }, /TEXTCLASS_LLM_MODEL is required/],
    [{ TEXTCLASS_LLM_MODEL: 'm' }, /need TEXTCLASS_LLM_URL/],
    [
      { TEXTCLASS_LLM_URL: 'http://host/v1', TEXTCLASS_LLM_MODEL: 'm', TEXTCLASS_LLM_TIMEOUT_MS: 'soon' },
      /timeout_ms must be an integer/,
    ],
    [
      {
        TEXTCLASS_LLM_URL: 'http://host/v1',
        TEXTCLASS_LLM_MODEL: 'm',
        TEXTCLASS_LLM_ENDPOINTS: '{"default": {"url": "http://h/v1", "model": "m"}}',
      },
      /defines too/,
    ],
  ])('rejects %j with a clear message', (env, message) => {
    expect(() => parseLlmEndpoints(env)).toThrow(message);
  });
});
