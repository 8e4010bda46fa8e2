// Evaluating an llm model on a labelled set with the shared metrics.
import { describe, expect, it } from 'vitest';
import type { Model } from '../shared/types.js';
import type { ChatCompletions } from '../ports/chat.js';
import { evaluateLlm } from './evaluate-llm.js';

const now = new Date('2026-01-01T00:00:00Z');
const model: Model = {
  id: 3,
  workspaceId: 1,
  name: 'tickets',
  type: 'llm',
  status: 'deployed',
  labels: [
    { name: 'billing', descriptions: [] },
    { name: 'bug', descriptions: [] },
  ],
  config: { encoder: 'default', llm: { endpoint: 'local', prompt: 'Route tickets.' } },
  metrics: { accuracy: null, f1_macro: null, per_class: {} },
  trainingExamples: 0,
  lastTrained: null,
  confidenceThreshold: 0.5,
  version: 1,
  previousVersion: null,
  createdAt: now,
  updatedAt: now,
};

/** Answers "billing" for texts about invoices, "bug" for crashes, and nothing usable otherwise. */
const chat: ChatCompletions = {
  maxConcurrency: () => 2,
  async complete(_endpoint, request) {
    const text = request.messages[1]?.content ?? '';
    if (text.includes('invoice')) return { content: '{"label": "billing"}' };
    if (text.includes('crash')) return { content: '{"label": "bug"}' };
    return { content: 'no idea' };
  },
};

describe('evaluateLlm', () => {
  it('scores the answers against the labelled set, counting unusable answers as wrong', async () => {
    const metrics = await evaluateLlm(
      model,
      [
        { text: 'invoice is wrong', label: 'billing' },
        { text: 'app crash on start', label: 'bug' },
        { text: 'crash when I pay', label: 'billing' },
        { text: 'something else entirely', label: 'billing' },
      ],
      chat,
    );
    expect(metrics.accuracy).toBe(0.5);
    expect(metrics.per_class.billing).toEqual({ precision: 1, recall: 0.3333, f1: 0.5 });
    expect(metrics.per_class.bug).toEqual({ precision: 0.5, recall: 1, f1: 0.6667 });
    expect(metrics.f1_macro).toBe(0.5833);
  });

  it('answers null metrics for an empty set', async () => {
    expect(await evaluateLlm(model, [], chat)).toEqual({ accuracy: null, f1_macro: null, per_class: {} });
  });

  it('rejects a gold label the model does not have', async () => {
    await expect(evaluateLlm(model, [{ text: 'x', label: 'sales' }], chat)).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
    });
  });
});
