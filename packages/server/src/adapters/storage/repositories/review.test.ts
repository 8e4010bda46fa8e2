// The review queue in storage: flagged results queued per model least confident first, paged and scoped to the workspace; answers stored once, clearing the record's mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type { RecordResult } from '../../../core/ports/pipeline.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Dataset, Model } from '../../../core/shared/types.js';
import * as migration from '../migrations/0010_review.js';
import { toJson } from '../schema.js';
import { createWorkspace, newDataset, newModel } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

describe.each(testTargets())('the review queue on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });
  afterAll(() => database.dispose());

  /** A workspace with two fine-tuned models and a dataset of `texts`, classified: model A flags the records whose confidence is under 0.5, model B flags all. */
  async function classified(confidences: number[]) {
    const workspace = await createWorkspace(repos);
    const fineTuned = { type: 'fine-tuned' as const };
    const a = await repos.models.create(newModel(workspace.id, 'a', fineTuned));
    const b = await repos.models.create(newModel(workspace.id, 'b', fineTuned));
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'stream', { modelIds: [a.id, b.id] }));
    const records = await repos.records.insertMany(
      dataset.id,
      confidences.map((_, i) => ({ values: { text: `text ${i}`, stars: null }, metadata: {} })),
      classificationJobs,
    );
    const results: RecordResult[] = records.map((record, i) => {
      const confidence = confidences[i]!;
      const top = { label: 'positive', confidence };
      return {
        recordId: record.id,
        classifications: { [a.id]: top, [b.id]: { label: 'negative', confidence: 0.3 } },
        needsReview: [...(confidence < 0.5 ? [String(a.id)] : []), String(b.id)],
        topPredictions: {
          [a.id]: [top, { label: 'negative', confidence: 1 - confidence }].sort((x, y) => y.confidence - x.confidence),
        },
        skippedModels: {},
        failedModels: {},
        event: null,
      };
    });
    await repos.pipeline.saveResults(workspace.id, results);
    return { workspace, a, b, dataset, records };
  }

  const queueOf = (model: Model, page = { offset: 0, limit: 100 }, datasetId?: number) =>
    repos.review.queue(model.workspaceId, model.id, page, datasetId);

  it("lists a model's flagged records least confident first (ties by id), paged, with its best labels", async () => {
    const { a, dataset, records } = await classified([0.42, 0.11, 0.3, 0.9, 0.11]);
    const queue = await queueOf(a);
    expect(queue.total).toBe(4);
    expect(queue.items.map((i) => i.recordId)).toEqual([
      records[1]!.id,
      records[4]!.id,
      records[2]!.id,
      records[0]!.id,
    ]);
    expect(queue.items[0]).toEqual({
      recordId: records[1]!.id,
      datasetId: dataset.id,
      text: 'text 1',
      values: { text: 'text 1', stars: null },
      confidence: 0.11,
      predictions: [
        { label: 'negative', confidence: 0.89 },
        { label: 'positive', confidence: 0.11 },
      ],
      classifiedAt: expect.any(Date),
    });
    const second = await queueOf(a, { offset: 1, limit: 2 });
    expect(second.total).toBe(4);
    expect(second.items.map((i) => i.recordId)).toEqual([records[4]!.id, records[2]!.id]);
  });

  it('shows a queue only to its workspace and to the dataset asked for', async () => {
    const { a, dataset } = await classified([0.2, 0.3]);
    const stranger = await createWorkspace(repos);
    expect(await repos.review.queue(stranger.id, a.id, { offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    expect((await queueOf(a, { offset: 0, limit: 10 }, dataset.id)).total).toBe(2);
    const other = await repos.datasets.create(newDataset(a.workspaceId, 'other', { modelIds: [a.id] }));
    expect((await queueOf(a, { offset: 0, limit: 10 }, other.id)).total).toBe(0);
    expect(await repos.review.record(stranger.id, (await queueOf(a)).items[0]!.recordId)).toBeUndefined();
  });

  it("stores an answer once: the example (source review), the record off the model's queue and mark, other models' kept", async () => {
    const { a, b, dataset, records } = await classified([0.2, 0.3]);
    const target = records[0]!;
    expect(await repos.review.answer(a.id, target.id, 'negative', 'text 0')).toEqual({
      stored: true,
      label: 'negative',
    });
    expect((await queueOf(a)).items.map((i) => i.recordId)).toEqual([records[1]!.id]);
    expect((await queueOf(b)).total).toBe(2);
    const stored = (await repos.records.list(dataset.id, { offset: 0, limit: 10 })).items[0]!;
    expect(stored.needsReview).toEqual([String(b.id)]);
    expect((await repos.lifecycle.examples(a.id)).map((e) => [e.text, e.label, e.source])).toEqual([
      ['text 0', 'negative', 'review'],
    ]);
    // Again: nothing changes, and the first label is reported (the same one, or the one a different answer conflicts with).
    expect(await repos.review.answer(a.id, target.id, 'negative', 'text 0')).toEqual({
      stored: false,
      label: 'negative',
    });
    expect(await repos.review.answer(a.id, target.id, 'positive', 'text 0')).toEqual({
      stored: false,
      label: 'negative',
    });
    expect((await repos.lifecycle.examples(a.id)).map((e) => e.label)).toEqual(['negative']);
  });

  it('takes an answer for a record the model never flagged, once', async () => {
    const { a, records } = await classified([0.9]);
    expect((await queueOf(a)).total).toBe(0);
    expect(await repos.review.answer(a.id, records[0]!.id, 'positive', 'text 0')).toEqual({
      stored: true,
      label: 'positive',
    });
    expect(await repos.review.answer(a.id, records[0]!.id, 'positive', 'text 0')).toEqual({
      stored: false,
      label: 'positive',
    });
    expect((await queueOf(a)).total).toBe(0);
  });

  it('stores one answer of many concurrent ones', async () => {
    const { a, records } = await classified([0.1]);
    const labels = ['positive', 'negative', 'positive', 'negative', 'positive', 'negative'];
    const outcomes = await Promise.all(
      labels.map((label) => repos.review.answer(a.id, records[0]!.id, label, 'text 0')),
    );
    expect(outcomes.filter((o) => o.stored)).toHaveLength(1);
    const first = outcomes.find((o) => o.stored)!.label;
    expect(outcomes.every((o) => o.label === first)).toBe(true);
    expect((await repos.lifecycle.examples(a.id)).map((e) => e.label)).toEqual([first]);
  });

  it('queues the records flagged before the migration, with their confidence, skipping models that are gone', async () => {
    const workspace = await createWorkspace(repos);
    const model = await repos.models.create(newModel(workspace.id, 'older', { type: 'fine-tuned' }));
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'older', { modelIds: [model.id] }));
    await migration.down(database.db);
    try {
      const flagged = (id: number, confidence: number) => ({
        dataset_id: dataset.id,
        values: toJson({ text: `older ${confidence}`, stars: null }),
        metadata: toJson({}),
        classifications: toJson({ [id]: { label: 'positive', confidence } }),
        needs_review: toJson([String(id)]),
      });
      await database.db
        .insertInto('records')
        .values([flagged(model.id, 0.4), flagged(model.id, 0.2), flagged(2147483000, 0.1)])
        .execute();
    } finally {
      await migration.up(database.db);
    }
    const queue = await queueOf(model);
    expect(queue.items.map((i) => [i.text, i.confidence, i.predictions, i.classifiedAt])).toEqual([
      ['older 0.2', 0.2, [], null],
      ['older 0.4', 0.4, [], null],
    ]);
  });

  it('skips a flagged model deleted while the job ran and forgets the queue of a deleted model', async () => {
    const workspace = await createWorkspace(repos);
    const model = await repos.models.create(newModel(workspace.id, 'gone', { type: 'fine-tuned' }));
    const dataset: Dataset = await repos.datasets.create(newDataset(workspace.id, 'd', { modelIds: [model.id] }));
    const [record] = await repos.records.insertMany(
      dataset.id,
      [{ values: { text: 'x', stars: null }, metadata: {} }],
      classificationJobs,
    );
    const written = await repos.pipeline.saveResults(workspace.id, [
      {
        recordId: record!.id,
        classifications: { [model.id]: { label: 'positive', confidence: 0.2 } },
        needsReview: [String(model.id), '2147483000'],
        skippedModels: {},
        failedModels: {},
        event: null,
      },
    ]);
    expect(written).toEqual([record!.id]);
    expect((await queueOf(model)).total).toBe(1);
    expect(await repos.lifecycle.remove(workspace.id, model.id)).toBe(true);
    expect((await repos.review.queue(workspace.id, model.id, { offset: 0, limit: 10 })).total).toBe(0);
  });
});
