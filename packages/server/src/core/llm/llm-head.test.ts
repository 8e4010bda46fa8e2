// The llm head over a recording port double: order, per-endpoint concurrency, unmatched answers, failures.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-errors.js';
import type { Model } from '../shared/types.js';
import type { ChatAnswer, ChatCompletions, ChatRequest } from '../ports/chat.js';
import { chatRequestFor, llmHead } from './llm-head.js';

function llmModel(llm: unknown = { endpoint: 'local', prompt: 'Classify the sentiment.', temperature: 0.2 }): Model {
  const now = new Date('2026-01-01T00:00:00Z');
  return {
    id: 7,
    workspaceId: 1,
    name: 'sentiment',
    type: 'llm',
    status: 'deployed',
    labels: [
      { name: 'positive', descriptions: ['happy'] },
      { name: 'negative', descriptions: ['unhappy'] },
    ],
    config: { encoder: 'default', llm },
    metrics: { accuracy: null, f1_macro: null, per_class: {} },
    trainingExamples: 0,
    lastTrained: null,
    confidenceThreshold: 0.5,
    version: 1,
    previousVersion: null,
    createdAt: now,
    updatedAt: now,
  };
}

const textOf = (request: ChatRequest) => JSON.parse(request.messages[1]?.content.split('\n')[1] ?? '""') as string;

/** A port double that answers by keyword after a per-text delay and records concurrency. */
function recordingChat(maxConcurrency: number, answer: (text: string) => string | Error) {
  let open = 0;
  const seen = { peak: 0, calls: [] as Array<{ endpoint: string; request: ChatRequest; modelId: number | undefined }> };
  const chat: ChatCompletions = {
    maxConcurrency: () => maxConcurrency,
    async complete(endpoint, request, context): Promise<ChatAnswer> {
      seen.calls.push({ endpoint, request, modelId: context?.modelId });
      open += 1;
      seen.peak = Math.max(seen.peak, open);
      const text = textOf(request);
      await new Promise((resolve) => setTimeout(resolve, (text.length * 7) % 20));
      open -= 1;
      const result = answer(text);
      if (result instanceof Error) throw result;
      return { content: result };
    },
  };
  return { chat, seen };
}

const noEmbeddings = () => Promise.reject(new Error('the llm head must not ask for embeddings'));
const byKeyword = (text: string) => `{"label": "${text.includes('bad') ? 'negative' : 'positive'}"}`;

describe('llmHead', () => {
  it('answers one row per text in input order, over the model labels, without embeddings', async () => {
    const { chat, seen } = recordingChat(3, byKeyword);
    const head = llmHead(llmModel(), chat);
    const texts = ['bad service', 'great', 'really bad', 'lovely staff', 'bad', 'fine, thanks'];
    const rows = await head.predict({ texts, embeddings: noEmbeddings });
    expect(head.labels).toEqual(['positive', 'negative']);
    expect(rows.map((r) => (r[1]! > r[0]! ? 'negative' : 'positive'))).toEqual([
      'negative',
      'positive',
      'negative',
      'positive',
      'negative',
      'positive',
    ]);
    for (const row of rows) expect(row[0]! + row[1]!).toBeCloseTo(1, 12);
    expect(seen.calls.every((c) => c.endpoint === 'local' && c.modelId === 7)).toBe(true);
  });

  it('keeps at most the endpoint concurrency in flight', async () => {
    const { chat, seen } = recordingChat(2, byKeyword);
    await llmHead(llmModel(), chat).predict({
      texts: Array.from({ length: 9 }, (_, i) => `text ${'x'.repeat(i)}`),
      embeddings: noEmbeddings,
    });
    expect(seen.calls).toHaveLength(9);
    expect(seen.peak).toBe(2);
  });

  it('gives a uniform row to an answer that names no label and tells the observer', async () => {
    const { chat } = recordingChat(1, (text) => (text === 'odd' ? 'I would rather not say.' : byKeyword(text)));
    const unmatched: Array<[number, string]> = [];
    const head = llmHead(llmModel(), chat, {
      observer: { answerUnmatched: (id, endpoint) => unmatched.push([id, endpoint]) },
    });
    const rows = await head.predict({ texts: ['bad', 'odd'], embeddings: noEmbeddings });
    expect(rows[1]).toEqual([0.5, 0.5]);
    expect(unmatched).toEqual([[7, 'local']]);
  });

  it('rejects with the upstream error and starts no further requests after it', async () => {
    const failure = new DomainError('UNAVAILABLE', 'the LLM endpoint "local" of model 7 timed out after 30 s');
    const { chat, seen } = recordingChat(1, (text) => (text === 'first' ? failure : byKeyword(text)));
    await expect(
      llmHead(llmModel(), chat).predict({ texts: ['first', 'second', 'third'], embeddings: noEmbeddings }),
    ).rejects.toBe(failure);
    expect(seen.calls).toHaveLength(1);
  });

  it('refuses a model without valid llm settings', () => {
    const { chat } = recordingChat(1, byKeyword);
    expect(() => llmHead(llmModel({ endpoint: 'local' }), chat)).toThrow(/llm\.prompt/);
  });
});

describe('chatRequestFor', () => {
  it('asks for a schema-constrained answer with log-probabilities at the model temperature', () => {
    const request = chatRequestFor(llmModel(), 'hello');
    expect(request.temperature).toBe(0.2);
    expect(request.jsonSchema).toMatchObject({ properties: { label: { enum: ['positive', 'negative'] } } });
    expect(request.logprobs).toBe(true);
    expect(request.topLogprobs).toBe(5);
    expect(request.messages[0]?.content).toContain('Classify the sentiment.');
    expect(textOf(request)).toBe('hello');
  });
});
