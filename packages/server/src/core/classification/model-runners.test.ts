// Heads per model type: zero-shot probabilities in [0, 1] summing to 1, one head per model version and calibration, unknown types refused.
import { describe, expect, it } from 'vitest';
import { GatedEncoder } from '../../adapters/inference/testing/gated-encoder.js';
import { ModelRunners } from './model-runners.js';
import type { Encoder, EncoderProvider } from '../ports/encoders.js';
import type { Model } from '../shared/types.js';

function provider(encoder: Encoder): EncoderProvider {
  return { defaultId: encoder.id, get: () => encoder, ready: () => true };
}

function model(overrides: Partial<Model> = {}): Model {
  return {
    id: 7,
    workspaceId: 1,
    name: 'm',
    type: 'zero-shot',
    status: 'deployed',
    labels: [
      { name: 'a', descriptions: ['aaaa aaaa'] },
      { name: 'bb', descriptions: ['b'] },
      { name: 'c', descriptions: ['cc cc cc cc cc'] },
    ],
    config: { encoder: 'gated' },
    updatedAt: new Date(1000),
    ...overrides,
  } as Model;
}

const NO_TEXTS = { texts: [], embeddings: async () => [] };

describe('ModelRunners', () => {
  it('scores with the zero-shot head: a probability row per embedding, in [0, 1], summing to 1', async () => {
    const encoder = new GatedEncoder();
    encoder.open = true;
    const runners = new ModelRunners(provider(encoder));
    const rows = await runners.score(model(), {
      texts: ['a text', 'b', 'ccccccccccc'],
      embeddings: () => encoder.embed(['a text', 'b', 'ccccccccccc']),
    });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveLength(3);
      row.forEach((p) => expect(p).toBeGreaterThanOrEqual(0));
      row.forEach((p) => expect(p).toBeLessThanOrEqual(1));
      expect(row.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    }
    expect((await runners.headFor(model())).labels).toEqual(['a', 'bb', 'c']);
  });

  it('builds a head once per model version', async () => {
    const encoder = new GatedEncoder();
    encoder.open = true;
    const runners = new ModelRunners(provider(encoder));
    await runners.score(model(), NO_TEXTS);
    await runners.score(model(), NO_TEXTS);
    const labelCalls = encoder.calls.length;
    expect(labelCalls).toBe(3);
    await runners.score(model({ updatedAt: new Date(2000) }), NO_TEXTS);
    expect(encoder.calls.length).toBe(2 * labelCalls);
  });

  it("builds a fresh head when an evaluation recalibrates a version's zero-shot scale or rule in place", async () => {
    const encoder = new GatedEncoder();
    encoder.open = true;
    const runners = new ModelRunners(provider(encoder));
    const texts = { texts: ['a text'], embeddings: () => encoder.embed(['a text']) };
    const v1 = model({ version: 1 });
    const served = await runners.score(v1, texts);
    expect(await runners.score(v1, texts)).toEqual(served);
    const recalibrated = await runners.score({ ...v1, config: { ...v1.config, logitScale: 0.5 } }, texts);
    expect(recalibrated).not.toEqual(served);
    const rule = await runners.score(
      { ...v1, config: { ...v1.config, logitScale: 0.5, zeroShotScoring: 'mean' } },
      texts,
    );
    expect(rule).not.toEqual(recalibrated);
  });

  it('refuses a model type without a head', async () => {
    const runners = new ModelRunners(provider(new GatedEncoder()));
    await expect(runners.score(model({ type: 'llm' }), NO_TEXTS)).rejects.toThrow(/no head/);
  });
});
