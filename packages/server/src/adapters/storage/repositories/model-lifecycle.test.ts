// Model lifecycle storage: version numbering, head graphs, state changes under a row lock, example upserts, training jobs and their queue entries, one training at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_MODEL_JOB } from '../../../core/ports/lifecycle.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Workspace } from '../../../core/shared/types.js';
import { createWorkspace, newModel } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

const metrics = {
  accuracy: 0.8,
  f1_macro: 0.75,
  per_class: {},
  confusion_matrix: [
    [4, 1],
    [1, 4],
  ],
  evaluated_on: 10,
};
const options = { architecture: 'linear' as const, holdout_fraction: 0.2, max_epochs: 50, seed: 3, deploy: false };

describe.each(testTargets())('model lifecycle on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let alpha: Workspace;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    alpha = await createWorkspace(repos, 'alpha');
  });
  afterAll(() => database.dispose());

  it('numbers versions from 1, keeps head graphs byte for byte, and a defined model starts at version 1', async () => {
    const zeroShot = await repos.models.create(newModel(alpha.id, 'zero'));
    expect((await repos.lifecycle.listVersions(zeroShot.id)).map((v) => [v.version, v.hasHead])).toEqual([[1, false]]);
    const trained = await repos.models.create(
      newModel(alpha.id, 'trained', { type: 'fine-tuned', status: 'undeployed', version: null }),
    );
    expect(trained.version).toBeNull();
    const graph = new Uint8Array([8, 7, 0, 255, 1]);
    const one = await repos.lifecycle.addVersion(trained.id, {
      labels: trained.labels,
      config: trained.config,
      metrics,
      trainingExamples: 8,
      trainedAt: new Date(),
      headGraph: graph,
    });
    const two = await repos.lifecycle.addVersion(trained.id, {
      labels: trained.labels,
      config: trained.config,
      metrics,
      trainingExamples: 9,
      trainedAt: new Date(),
      headGraph: null,
    });
    expect([one.version, one.hasHead, two.version, two.hasHead]).toEqual([1, true, 2, false]);
    expect(await repos.lifecycle.headGraph(trained.id, 1)).toEqual(graph);
    expect(await repos.lifecycle.headGraph(trained.id, 2)).toBeUndefined();
    expect((await repos.lifecycle.getVersion(trained.id, 1))?.metrics).toEqual(metrics);
  });

  it('applies a state change computed from the locked row, copying the version onto the model', async () => {
    const model = await repos.models.create(
      newModel(alpha.id, 'switch', { type: 'fine-tuned', status: 'undeployed', version: null }),
    );
    await repos.lifecycle.addVersion(model.id, {
      labels: [
        { name: 'x', descriptions: [] },
        { name: 'y', descriptions: [] },
      ],
      config: { encoder: 'e2' },
      metrics,
      trainingExamples: 12,
      trainedAt: new Date('2026-01-01T00:00:00Z'),
      headGraph: new Uint8Array([1]),
    });
    const seen: number[] = [];
    const updated = await repos.lifecycle.update(alpha.id, model.id, (current) => {
      seen.push(current.id);
      return { status: 'deployed', version: 1, previousVersion: null };
    });
    expect(seen).toEqual([model.id]);
    expect(updated).toMatchObject({
      status: 'deployed',
      version: 1,
      trainingExamples: 12,
      config: { encoder: 'e2' },
      metrics,
      lastTrained: new Date('2026-01-01T00:00:00Z'),
    });
    expect(updated!.labels.map((l) => l.name)).toEqual(['x', 'y']);
    const other = await createWorkspace(repos, 'other');
    expect(await repos.lifecycle.update(other.id, model.id, () => ({ status: 'archived' }))).toBeUndefined();
    await expect(
      repos.lifecycle.update(alpha.id, model.id, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await repos.models.get(alpha.id, model.id))?.status).toBe('deployed');
  });

  it('serialises concurrent state changes of one model', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'race'));
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        repos.lifecycle.update(alpha.id, model.id, async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 10));
          inside -= 1;
          return {};
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('upserts examples by text, counting only new ones, and counts per label', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'examples', { type: 'few-shot', version: null }));
    expect(
      await repos.lifecycle.addExamples(
        model.id,
        [
          { text: 'a', label: 'positive' },
          { text: 'b', label: 'negative' },
        ],
        'api',
      ),
    ).toBe(2);
    expect(
      await repos.lifecycle.addExamples(
        model.id,
        [
          { text: 'a', label: 'negative' },
          { text: 'c', label: 'negative' },
        ],
        'csv',
      ),
    ).toBe(1);
    expect(await repos.lifecycle.exampleCounts(model.id)).toEqual({ negative: 3 });
    expect(
      await repos.lifecycle.addExamples(
        model.id,
        [
          { text: 'd', label: 'positive' },
          { text: 'd', label: 'negative' },
        ],
        'api',
      ),
    ).toBe(1);
    expect(await repos.lifecycle.exampleCounts(model.id)).toEqual({ negative: 4 });
    expect((await repos.lifecycle.examples(model.id)).map((e) => [e.text, e.label, e.source])).toEqual([
      ['a', 'negative', 'csv'],
      ['b', 'negative', 'api'],
      ['c', 'negative', 'csv'],
      ['d', 'negative', 'api'],
    ]);
  });

  it('creates a training job with its queue entry, updates its progress and lists it newest first', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'jobs', { type: 'fine-tuned', version: null }));
    const first = await repos.lifecycle.createTrainingJob(alpha.id, model.id, options);
    const second = await repos.lifecycle.createTrainingJob(alpha.id, model.id, { ...options, seed: 4 });
    expect(first).toMatchObject({ modelId: model.id, status: 'queued', progress: 0, options, version: null });
    const claimed = await repos.jobs.claim(TRAIN_MODEL_JOB, 10, 60_000);
    expect(claimed.map((j) => j.payload.training_job_id)).toEqual(expect.arrayContaining([first.id, second.id]));
    await repos.lifecycle.updateTrainingJob(first.id, {
      status: 'running',
      stage: 'training',
      progress: 1.7,
      epoch: 3,
      loss: Number.NaN,
    });
    expect(await repos.lifecycle.getTrainingJob(model.id, first.id)).toMatchObject({
      status: 'running',
      stage: 'training',
      progress: 1,
      epoch: 3,
      loss: null,
    });
    expect(await repos.lifecycle.getTrainingJob(model.id + 1000, first.id)).toBeUndefined();
    expect(await repos.lifecycle.getTrainingJob(model.id, 'not-a-number')).toBeUndefined();
    const page = await repos.lifecycle.listTrainingJobs(model.id, { offset: 0, limit: 1 });
    expect([page.total, page.items[0]?.id]).toEqual([2, second.id]);
  });

  it('starts one training at a time: at the same moment, and while one is queued or running, the pending job is the answer', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'one at a time', { type: 'fine-tuned', version: null }));
    expect(await repos.lifecycle.pendingTrainingJob(model.id)).toBeUndefined();
    const [a, b] = await Promise.all([
      repos.lifecycle.startTrainingJob(alpha.id, model.id, options),
      repos.lifecycle.startTrainingJob(alpha.id, model.id, { ...options, seed: 8 }),
    ]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.job.id).toBe(b.job.id);
    expect((await repos.lifecycle.pendingTrainingJob(model.id))?.id).toBe(a.job.id);
    await repos.lifecycle.updateTrainingJob(a.job.id, { status: 'running' });
    expect((await repos.lifecycle.startTrainingJob(alpha.id, model.id, options)).created).toBe(false);
    await repos.lifecycle.updateTrainingJob(a.job.id, { status: 'succeeded' });
    expect(await repos.lifecycle.pendingTrainingJob(model.id)).toBeUndefined();
    const next = await repos.lifecycle.startTrainingJob(alpha.id, model.id, options);
    expect(next.created).toBe(true);
    expect(next.job.id).not.toBe(a.job.id);
    expect((await repos.lifecycle.listTrainingJobs(model.id, { offset: 0, limit: 10 })).total).toBe(2);
  });

  it('deletes a model with everything that belongs to it', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'gone', { type: 'fine-tuned', version: null }));
    await repos.lifecycle.addExamples(model.id, [{ text: 'x', label: 'positive' }], 'api');
    await repos.lifecycle.addVersion(model.id, {
      labels: model.labels,
      config: model.config,
      metrics,
      trainingExamples: 1,
      trainedAt: null,
      headGraph: new Uint8Array([1]),
    });
    await repos.lifecycle.createTrainingJob(alpha.id, model.id, options);
    expect(await repos.lifecycle.remove(alpha.id, model.id)).toBe(true);
    expect(await repos.lifecycle.remove(alpha.id, model.id)).toBe(false);
    expect(await repos.lifecycle.listVersions(model.id)).toEqual([]);
    expect(await repos.lifecycle.examples(model.id)).toEqual([]);
  });
});
