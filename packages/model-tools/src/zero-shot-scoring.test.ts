// A zero-shot model's scoring rule with the real default encoder: the demo models' choice on their examples, served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoModel, buildPrototypes, DEMO_MODELS, scoreEmbedding, zeroShotHead } from '@textclass/server/core';
import { DEFAULT_ENCODER_ID, loadEncoderRegistry, type EncoderRegistry } from '@textclass/server/inference';

let registry: EncoderRegistry;
type Workspace = Parameters<typeof buildDemoModel>[0];
type Model = Parameters<typeof zeroShotHead>[0];
const workspace: Workspace = {
  id: 1,
  name: 'demo',
  createdAt: new Date(),
  plan: 'starter',
  rateLimitPerMinute: null,
  monthlyQuota: null,
  billingCycleDay: 1,
};

beforeAll(async () => {
  registry = await loadEncoderRegistry();
  await registry.warmup();
}, 60_000);

afterAll(async () => {
  await registry?.close();
});

const demo = (name: string) => DEMO_MODELS.find((m) => m.name === name)!;

describe('zero-shot scoring rule', () => {
  it('the demo Sentiment model chooses the mean direction on its examples (NLL 0.244 against 0.560 pooled), and reports both', async () => {
    const built = await buildDemoModel(workspace, demo('Sentiment'), registry.get(DEFAULT_ENCODER_ID));
    const choice = built.metrics.calibration.zero_shot_scoring!;
    expect(built.config.zeroShotScoring).toBe('mean');
    expect(choice).toMatchObject({ chosen: 'mean', examples: demo('Sentiment').examples.length });
    expect(choice.nll_mean).toBeLessThan(choice.nll_pooled);
  });

  it('the demo Support topics model chooses the mean direction too (NLL 0.358 against 0.387 pooled)', async () => {
    const built = await buildDemoModel(workspace, demo('Support topics'), registry.get(DEFAULT_ENCODER_ID));
    const choice = built.metrics.calibration.zero_shot_scoring!;
    expect(built.config.zeroShotScoring).toBe('mean');
    expect(choice.nll_mean).toBeLessThan(choice.nll_pooled);
  });

  it("the head serves the model's stored rule (absent: pooled)", async () => {
    const encoder = registry.get(DEFAULT_ENCODER_ID);
    const built = await buildDemoModel(workspace, demo('Sentiment'), encoder);
    const texts = demo('Sentiment').examples.map((e) => e.text);
    const embeddings = await encoder.embed(texts);
    const prototypes = await buildPrototypes(encoder, built.labels);
    const now = new Date();
    const model: Model = { ...built, id: 1, version: 1, previousVersion: null, createdAt: now, updatedAt: now };
    const scale = built.config.logitScale;
    const serve = async (config: Model['config']) =>
      (await zeroShotHead({ ...model, config }, encoder)).predict({ texts, embeddings: async () => embeddings });
    const mean = await serve(built.config);
    const pooled = await serve({ encoder: encoder.id, logitScale: scale });
    embeddings.forEach((e, i) => {
      scoreEmbedding(prototypes, e, scale, 'mean').forEach((p, j) => expect(mean[i]?.[j]).toBeCloseTo(p, 9));
      scoreEmbedding(prototypes, e, scale).forEach((p, j) => expect(pooled[i]?.[j]).toBeCloseTo(p, 9));
    });
    expect(mean).not.toEqual(pooled);
  });
});
