// The HTTP client against the local stand-in: auth, deadline, retries, Retry-After, feature fallbacks, concurrency.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startLlmStandIn,
  UPSTREAM_ERROR_MARKER,
  type LlmStandIn,
  type LlmStandInOptions,
} from '../../../test/testing/llm-stand-in.js';
import { DomainError } from '../../core/shared/domain-errors.js';
import type { ChatRequest } from '../../core/ports/chat.js';
import { createLogger } from '../observability/logger.js';
import { ChatCompletionsClient } from './chat-completions-client.js';
import type { LlmEndpointConfig } from './endpoints-config.js';

const KEY = 'sk-test-4f1d9c2e7a0b';
const request: ChatRequest = {
  messages: [
    { role: 'system', content: '- good\n- bad' },
    { role: 'user', content: 'Text to classify (JSON string):\n"a good day"' },
  ],
  temperature: 0,
  maxTokens: 40,
  jsonSchema: {
    type: 'object',
    properties: { label: { type: 'string', enum: ['good', 'bad'] } },
    required: ['label'],
    additionalProperties: false,
  },
  logprobs: true,
  topLogprobs: 5,
};

let standIn: LlmStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function setup(options: LlmStandInOptions = {}, endpoint: Partial<LlmEndpointConfig> = {}) {
  standIn = await startLlmStandIn({ apiKey: KEY, rules: [{ keyword: 'good', label: 'good' }], ...options });
  const logs: string[] = [];
  const logger = createLogger(
    'warn',
    new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  );
  const config: LlmEndpointConfig = {
    name: 'local',
    url: standIn.url,
    model: 'stand-in-7b',
    apiKeyEnv: 'LLM_KEY',
    timeoutMs: 10_000,
    maxConcurrency: 4,
    maxQueue: 256,
    ...endpoint,
  };
  const client = new ChatCompletionsClient(new Map([['local', config]]), {
    env: { LLM_KEY: KEY },
    logger,
    backoffMs: 10,
  });
  return { client, logs, server: standIn };
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('ChatCompletionsClient', () => {
  it('posts an OpenAI chat completion with the key, the schema and log-probabilities, and reads the answer', async () => {
    const { client, server } = await setup();
    const answer = await client.complete('local', request, { modelId: 3 });
    expect(answer.content).toBe('{"label":"good"}');
    expect(answer.tokenLogprobs?.map((t) => t.token).join('')).toBe('{"label": "good"}');
    const sent = server.requests[0];
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toMatchObject({
      model: 'stand-in-7b',
      messages: request.messages,
      temperature: 0,
      max_tokens: 40,
      logprobs: true,
      top_logprobs: 5,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'classification', schema: request.jsonSchema, strict: true },
      },
    });
  });

  it('sends no Authorization header when the endpoint has no key', async () => {
    const { server } = await setup({ apiKey: undefined });
    const client = new ChatCompletionsClient(
      new Map([
        [
          'local',
          {
            name: 'local',
            url: server.url,
            model: 'm',
            apiKeyEnv: undefined,
            timeoutMs: 10_000,
            maxConcurrency: 1,
            maxQueue: 256,
          },
        ],
      ]),
    );
    await client.complete('local', request);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reports refused credentials without the key or the upstream body', async () => {
    const { server, logs } = await setup();
    const client = new ChatCompletionsClient(
      new Map([
        [
          'local',
          {
            name: 'local',
            url: server.url,
            model: 'm',
            apiKeyEnv: 'LLM_KEY',
            timeoutMs: 10_000,
            maxConcurrency: 1,
            maxQueue: 256,
          },
        ],
      ]),
      {
        env: { LLM_KEY: 'sk-wrong-key-123' },
      },
    );
    const error = await rejection(client.complete('local', request, { modelId: 3 }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(
      'the LLM endpoint "local" of model 3 refused the credentials (HTTP 401); check its api_key_env',
    );
    expect(error.message).not.toContain('sk-wrong-key-123');
    expect(error.message).not.toContain(UPSTREAM_ERROR_MARKER);
    expect(logs.join('')).not.toContain('sk-wrong-key-123');
  });

  it('times out as UNAVAILABLE, naming the endpoint, the model and the timeout', async () => {
    const { client, server } = await setup({}, { timeoutMs: 300 });
    server.fail({ kind: 'slow', delayMs: 60_000 });
    const error = await rejection(client.complete('local', request, { modelId: 9 }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('the LLM endpoint "local" of model 9 timed out after 0.3 s');
    expect(error.retryAfterSeconds).toBe(5);
    expect(server.requests).toHaveLength(1);
  });

  it('retries 5xx answers and connection resets, then answers; the logs never hold the key', async () => {
    const { client, server, logs } = await setup();
    server.fail({ kind: 'status', status: 502 }, { kind: 'reset' });
    expect((await client.complete('local', request)).content).toBe('{"label":"good"}');
    expect(server.requests).toHaveLength(3);
    expect(logs).toHaveLength(2);
    expect(logs.join('')).toContain('"endpoint":"local"');
    expect(logs.join('')).not.toContain(KEY);
  });

  it('gives up after the bounded retries with UNAVAILABLE and no upstream body', async () => {
    const { client, server } = await setup();
    server.fail(...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 500 })));
    const error = await rejection(client.complete('local', request, { modelId: 2 }));
    expect(error.message).toBe('the LLM endpoint "local" of model 2 failed (HTTP 500)');
    expect(server.requests).toHaveLength(3);
  });

  it('honours Retry-After of a 429 when it fits in the timeout', async () => {
    const { client, server } = await setup();
    server.fail({ kind: 'status', status: 429, retryAfter: '1' });
    expect((await client.complete('local', request)).content).toBe('{"label":"good"}');
    expect(server.requests).toHaveLength(2);
  });

  it('passes a Retry-After longer than the timeout on to the caller instead of waiting', async () => {
    const { client, server } = await setup();
    server.fail({ kind: 'status', status: 429, retryAfter: '120' });
    const error = await rejection(client.complete('local', request, { modelId: 4 }));
    expect(error.message).toBe('the LLM endpoint "local" of model 4 is rate limiting requests (HTTP 429)');
    expect(error.retryAfterSeconds).toBe(120);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a malformed answer', async () => {
    const { client, server } = await setup();
    server.fail({ kind: 'malformed' });
    const error = await rejection(client.complete('local', request, { modelId: 1 }));
    expect(error.message).toBe('the LLM endpoint "local" of model 1 returned a body that is not a chat completion');
    expect(server.requests).toHaveLength(1);
  });

  it('retries once without response_format when the endpoint rejects it, and remembers that', async () => {
    const { client, server } = await setup({ rejectResponseFormat: true });
    expect((await client.complete('local', request)).content).toBe('{"label": "good"}');
    await client.complete('local', request);
    expect(server.requests.map((r) => 'response_format' in r.body)).toEqual([true, false, false]);
    expect(server.requests.map((r) => r.body.logprobs)).toEqual([true, true, true]);
  });

  it('retries without logprobs when the endpoint rejects them, keeping the schema', async () => {
    const { client, server } = await setup({ rejectLogprobs: true });
    const answer = await client.complete('local', request);
    expect(answer.tokenLogprobs).toBeUndefined();
    expect(server.requests.map((r) => [r.body.logprobs, 'response_format' in r.body])).toEqual([
      [true, true],
      [undefined, true],
    ]);
  });

  it('keeps at most max_concurrency requests open at the endpoint', async () => {
    const { client, server } = await setup({}, { maxConcurrency: 2 });
    server.fail(...Array.from({ length: 6 }, () => ({ kind: 'slow' as const, delayMs: 50 })));
    await Promise.all(Array.from({ length: 6 }, () => client.complete('local', request)));
    expect(server.requests).toHaveLength(6);
    expect(server.peakConcurrency()).toBe(2);
    expect(client.maxConcurrency('local')).toBe(2);
  });

  it('refuses a call with 503 at once when max_queue calls already wait for a connection', async () => {
    const { client, server } = await setup({}, { maxConcurrency: 1, maxQueue: 1 });
    server.fail({ kind: 'slow', delayMs: 100 }, { kind: 'slow', delayMs: 100 });
    const first = client.complete('local', request);
    const second = client.complete('local', request);
    const error = await rejection(client.complete('local', request, { modelId: 9 }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe(
      'the LLM endpoint "local" of model 9 is busy: 1 calls wait for its 1 connections; retry shortly',
    );
    expect(error.retryAfterSeconds).toBe(1);
    expect((await first).content).toContain('good');
    expect((await second).content).toContain('good');
    expect(server.requests).toHaveLength(2);
  });

  it('counts the wait for a connection in timeout_ms', async () => {
    const { client, server } = await setup({}, { maxConcurrency: 1, timeoutMs: 400 });
    server.fail({ kind: 'slow', delayMs: 100 }, { kind: 'slow', delayMs: 350 });
    const first = client.complete('local', request);
    const second = rejection(client.complete('local', request));
    expect((await first).content).toContain('good');
    const error = await second;
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toMatch(/timed out after 0.4 s/);
  });

  it('rejects an endpoint name that is not configured', async () => {
    const { client } = await setup();
    const error = await rejection(client.complete('elsewhere', request, { modelId: 5 }));
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.message).toBe('the LLM endpoint "elsewhere" of model 5 is not configured on this server');
  });
});
