// The one classification use case: models checked (refused or skipped), quota charged, one embedding per encoder, language when asked.
import { describe, expect, it } from 'vitest';
import { GatedEncoder } from '../../adapters/inference/testing/gated-encoder.js';
import type { EncoderProvider, LanguageDetector } from '../ports/encoders.js';
import type { ModelRepository, UsageRepository } from '../ports/repositories.js';
import type { Model, Workspace } from '../shared/types.js';
import { QuotaService } from '../tenancy/quota.js';
import { TextClassifier } from './classify-texts.js';
import { ModelRunners } from './model-runners.js';

const WORKSPACE: Workspace = {
  id: 1,
  name: 'w',
  plan: 'starter',
  rateLimitPerMinute: null,
  monthlyQuota: null,
  billingCycleDay: 1,
  createdAt: new Date(0),
};

function model(id: number, overrides: Partial<Model> = {}): Model {
  return {
    id,
    workspaceId: 1,
    name: `m${id}`,
    type: 'zero-shot',
    status: 'deployed',
    labels: [
      { name: 'billing', descriptions: ['invoice charge refund'] },
      { name: 'login', descriptions: ['password sign in'] },
    ],
    config: { encoder: 'gated' },
    metrics: {},
    trainingExamples: 0,
    lastTrained: null,
    confidenceThreshold: 0.5,
    version: null,
    previousVersion: null,
    createdAt: new Date(0),
    updatedAt: new Date(id * 1000),
    ...overrides,
  } as Model;
}

function setup(models: Model[]) {
  const encoder = new GatedEncoder();
  encoder.open = true;
  const encoders: EncoderProvider = { defaultId: 'gated', get: () => encoder, ready: () => true };
  const repo = { get: async (_w: number, id: number) => models.find((m) => m.id === id) } as unknown as ModelRepository;
  const used = new Map<number, number>();
  const usage: UsageRepository = {
    async tryConsume(id, _start, amount, limit) {
      if ((used.get(id) ?? 0) + amount > limit) return false;
      used.set(id, (used.get(id) ?? 0) + amount);
      return true;
    },
    async used(id) {
      return used.get(id) ?? 0;
    },
  };
  const detected: string[] = [];
  const languages: LanguageDetector = {
    detect: (text) => {
      detected.push(text);
      return 'en';
    },
  };
  const classifier = new TextClassifier(repo, encoders, new ModelRunners(encoders), new QuotaService(usage), languages);
  return { classifier, encoder, used, detected };
}

const refuse = { workspaceId: 1, quota: WORKSPACE, unusableModels: 'refuse' as const };

describe('TextClassifier', () => {
  it('embeds the texts once per encoder for all models, and rounds and sorts each prediction list', async () => {
    const { classifier, encoder } = setup([model(1), model(2)]);
    const texts = ['my invoice is wrong', 'cannot sign in'];
    const { scored } = await classifier.classify({
      ...refuse,
      texts,
      models: [{ modelId: 1 }, { modelId: 2, options: { maxPredictions: 1 } }],
    });
    expect(encoder.calls.filter((call) => call.join('|') === texts.join('|'))).toHaveLength(1);
    expect(scored.map((s) => s.model.id)).toEqual([1, 2]);
    for (const row of scored[0]!.predictions) {
      expect(row.map((p) => p.confidence)).toEqual([...row.map((p) => p.confidence)].sort((a, b) => b - a));
      row.forEach((p) => expect(Math.round(p.confidence * 1e6) / 1e6).toBe(p.confidence));
    }
    expect(scored[1]!.predictions.every((row) => row.length === 1)).toBe(true);
    expect(scored[0]!.probabilities).toHaveLength(2);
  });

  it('charges texts (non-empty ones) × models against the quota, and identifies the language only when asked', async () => {
    const { classifier, used, detected } = setup([model(1), model(2)]);
    const plan: Workspace = { ...WORKSPACE, monthlyQuota: 100 };
    await classifier.classify({
      ...refuse,
      quota: plan,
      texts: ['a text', ' ', 'another'],
      models: [{ modelId: 1 }, { modelId: 2 }],
    });
    expect(used.get(1)).toBe(4);
    expect(detected).toEqual([]);
    const { language } = await classifier.classify({
      ...refuse,
      quota: plan,
      texts: ['a text'],
      models: [{ modelId: 1 }],
      detectLanguage: true,
    });
    expect(language).toBe('en');
    expect(detected).toHaveLength(1);
  });

  it('refuses a missing, archived or undeployed model with its error before charging anything', async () => {
    const { classifier, used } = setup([
      model(1),
      model(2, { status: 'archived' }),
      model(3, { status: 'undeployed' }),
    ]);
    const plan: Workspace = { ...WORKSPACE, monthlyQuota: 100 };
    const call = (modelId: number) =>
      classifier.classify({ ...refuse, quota: plan, texts: ['x'], models: [{ modelId: 1 }, { modelId }] });
    await expect(call(9)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'model 9 was not found' });
    await expect(call(2)).rejects.toMatchObject({ code: 'MODEL_ARCHIVED' });
    await expect(call(3)).rejects.toMatchObject({ code: 'MODEL_NOT_DEPLOYED' });
    expect(used.get(1)).toBeUndefined();
  });

  it('refuses empty texts and a label filter that names no label, naming the field', async () => {
    const { classifier } = setup([model(1)]);
    await expect(classifier.classify({ ...refuse, texts: ['', ' '], models: [{ modelId: 1 }] })).rejects.toMatchObject({
      code: 'EMPTY_TEXTS',
    });
    await expect(
      classifier.classify({
        ...refuse,
        texts: ['x'],
        models: [{ modelId: 1, options: { labelFilter: ['nope'] }, field: 'model_settings[0].label_filter' }],
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'model_settings[0].label_filter: model 1 has no label "nope"',
    });
  });

  it('for dataset rows, skips unusable models with the reason a record keeps, and charges no quota', async () => {
    const { classifier, used } = setup([
      model(1),
      model(2, { status: 'archived' }),
      model(3, { status: 'undeployed' }),
    ]);
    const { scored, skipped } = await classifier.classify({
      workspaceId: 1,
      texts: ['x'],
      models: [1, 2, 3, 4].map((modelId) => ({ modelId })),
      unusableModels: 'skip',
    });
    expect(scored.map((s) => s.model.id)).toEqual([1]);
    expect(skipped).toEqual({ 2: 'model 2 is archived', 3: 'model 3 is not deployed', 4: 'model 4 no longer exists' });
    expect(used.size).toBe(0);
  });

  it('never embeds for a model whose head reads only the texts', async () => {
    const { classifier, encoder } = setup([model(1, { type: 'llm' })]);
    await expect(classifier.classify({ ...refuse, texts: ['x'], models: [{ modelId: 1 }] })).rejects.toThrow(/no head/);
    expect(encoder.calls).toEqual([]);
  });
});
