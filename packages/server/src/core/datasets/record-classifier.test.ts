// The record classifier on a real database: a record a model fails on alone is marked failed and counted while the rest of its job is classified and delivered; transient errors retry the whole job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatedEncoder } from '../../adapters/inference/testing/gated-encoder.js';
import { createWorkspace, newDataset, newModel } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import { ModelRunners } from '../classification/model-runners.js';
import { TextClassifier, type ClassifyRequest, type ClassifyResult } from '../classification/classify-texts.js';
import type { EncoderProvider } from '../ports/encoders.js';
import { IGNORE_PIPELINE_EVENTS, type RecordFailureReport } from '../ports/pipeline-events.js';
import type { Repositories } from '../ports/repositories.js';
import { DomainError } from '../shared/domain-errors.js';
import type { Model, Workspace } from '../shared/types.js';
import { QuotaService } from '../tenancy/quota.js';
import { classificationJobs } from './classification-jobs.js';
import { RecordClassifier } from './record-classifier.js';

/** An encoder that throws `failure(text)` for the texts it names, like an encoder with a bug for some input. */
class PoisonableEncoder extends GatedEncoder {
  constructor(
    id: string,
    private readonly failure: (text: string) => Error | undefined,
  ) {
    super(id);
    this.open = true;
  }

  override embed(texts: string[]): Promise<Float32Array[]> {
    for (const text of texts) {
      const error = this.failure(text);
      if (error) return Promise.reject(error);
    }
    return super.embed(texts);
  }
}

/** What the joint encoder threw on "constructor" before its lookups were made prototype-safe. */
const typeError = (text: string) =>
  text.includes('constructor') ? new TypeError('token.toLowerCase is not a function') : undefined;

const UNEXPECTED = "an unexpected error occurred; the server's log has the details under this record's id";

describe.each(testTargets())('record classifier on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let workspace: Workspace;
  let encoderFailure: (text: string) => Error | undefined = () => undefined;
  const encoders = new Map<string, GatedEncoder>();
  const provider: EncoderProvider = {
    defaultId: 'healthy',
    get: (id) => {
      const encoder = encoders.get(id);
      if (!encoder) throw new Error(`no encoder ${id}`);
      return encoder;
    },
    ready: () => true,
  };
  const calls: ClassifyRequest[] = [];
  const answers: ClassifyResult[] = [];
  const failures: RecordFailureReport[] = [];
  const outcomes: string[] = [];
  let classifier: RecordClassifier;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    workspace = await createWorkspace(repos);
    encoders.set('healthy', new PoisonableEncoder('healthy', () => undefined));
    encoders.set('poisonable', new PoisonableEncoder('poisonable', (text) => encoderFailure(text)));
    const texts = new TextClassifier(
      repos.models,
      provider,
      new ModelRunners(provider),
      new QuotaService(repos.usage),
      { detect: () => 'en' },
    );
    classifier = new RecordClassifier({
      jobs: repos.jobs,
      pipeline: repos.pipeline,
      datasets: repos.datasets,
      webhooks: repos.webhooks,
      classifier: {
        classify: async (request) => {
          calls.push(request);
          const result = await texts.classify(request);
          answers.push(result);
          return result;
        },
      },
      events: {
        ...IGNORE_PIPELINE_EVENTS,
        recordFailed: (report) => failures.push(report),
        jobFinished: (_kind, outcome) => outcomes.push(outcome),
      },
    });
  });

  afterAll(() => database.dispose());

  const model = (name: string, encoder: string): Promise<Model> =>
    repos.models.create(newModel(workspace.id, name, { config: { encoder, logitScale: 20 } }));

  /** A dataset of `modelIds` with an endpoint subscribed to its events, and `texts` stored in one write (one job). */
  async function storeRows(modelIds: number[], texts: string[]) {
    const dataset = await repos.datasets.create(newDataset(workspace.id, 'rows', { modelIds }));
    const endpoint = await repos.webhooks.create({
      workspaceId: workspace.id,
      url: 'https://example.com/hooks',
      events: ['classification.completed'],
      enabled: true,
      secret: 'whsec_test',
    });
    const rows = await repos.records.insertMany(
      dataset.id,
      texts.map((text) => ({ values: { text, stars: null }, metadata: {} })),
      classificationJobs,
    );
    calls.length = 0;
    failures.length = 0;
    outcomes.length = 0;
    const records = async () => (await repos.records.list(dataset.id, { offset: 0, limit: 100 })).items;
    /** The row ids of the events in the outbox, sorted. */
    const delivered = async () =>
      (await repos.webhooks.listDeliveries(endpoint.id, { offset: 0, limit: 100 })).items
        .map((d) => JSON.parse(d.body) as { row_id: string; classifications: object })
        .sort((a, b) => Number(a.row_id) - Number(b.row_id));
    return { dataset, rows, records, delivered };
  }

  it('marks the one record a model fails on, classifies and delivers the other seven, and completes the job', async () => {
    encoderFailure = typeError;
    const topic = await model('topic', 'poisonable');
    const texts = [
      'refund please',
      'login broken',
      'great app',
      'the constructor is broken',
      'bad invoice',
      'ok',
      'thanks',
      'help',
    ];
    const { dataset, rows, records, delivered } = await storeRows([topic.id], texts);
    const poisoned = rows[3]!.id;

    expect(await classifier.tick()).toBe(1);
    expect(outcomes).toEqual(['succeeded']);
    expect(await repos.jobs.countPending()).toBe(0);
    for (const record of await records()) {
      if (record.id === poisoned) {
        expect(record.classifications).toEqual({});
        expect(record.failedModels).toEqual({
          [String(topic.id)]: `model ${topic.id} could not classify the record: ${UNEXPECTED}`,
        });
      } else {
        expect(Object.keys(record.classifications ?? {})).toEqual([String(topic.id)]);
        expect(record.failedModels).toEqual({});
      }
    }
    expect((await delivered()).map((e) => e.row_id)).toEqual(rows.filter((r) => r.id !== poisoned).map((r) => r.id));
    expect(failures).toEqual([
      {
        workspaceId: workspace.id,
        datasetId: dataset.id,
        recordId: poisoned,
        modelId: topic.id,
        error: new TypeError('token.toLowerCase is not a function'),
      },
    ]);
    // The batch, then halves down to the poisoned text alone: never one call per row.
    expect(calls.map((c) => c.texts.length)).toEqual([8, 4, 2, 2, 1, 1, 4]);
  });

  it('keeps what the other models said: the record is delivered with them, the failing model named with its reason', async () => {
    encoderFailure = (text) =>
      text.includes('poison') ? new DomainError('INVALID_PARAMETER', 'text: the tokenizer cannot read it') : undefined;
    const fragile = await model('fragile', 'poisonable');
    const sturdy = await model('sturdy', 'healthy');
    const { rows, records, delivered } = await storeRows(
      [fragile.id, sturdy.id],
      ['a poison pill', 'fine text', 'also fine'],
    );

    await classifier.tick();
    const [poisoned, ...others] = await records();
    expect(poisoned!.id).toBe(rows[0]!.id);
    expect(Object.keys(poisoned!.classifications ?? {})).toEqual([String(sturdy.id)]);
    expect(poisoned!.failedModels).toEqual({
      [String(fragile.id)]: `model ${fragile.id} could not classify the record: text: the tokenizer cannot read it`,
    });
    for (const record of others) {
      expect(Object.keys(record.classifications ?? {}).sort()).toEqual([String(fragile.id), String(sturdy.id)].sort());
    }
    const events = await delivered();
    expect(events.map((e) => e.row_id)).toEqual(rows.map((r) => r.id));
    expect(Object.keys(events[0]!.classifications)).toEqual([String(sturdy.id)]);
    expect(failures.map((f) => [f.recordId, f.modelId])).toEqual([[poisoned!.id, fragile.id]]);
  });

  it('retries the whole job on a transient error and marks nothing', async () => {
    encoderFailure = (text) =>
      text.includes('busy') ? new DomainError('UNAVAILABLE', 'the inference queue is full; retry shortly') : undefined;
    const topic = await model('transient', 'poisonable');
    const { records } = await storeRows([topic.id], ['busy now', 'other']);

    await classifier.tick();
    expect(outcomes).toEqual(['retried']);
    expect(await repos.jobs.countPending()).toBe(1);
    expect((await records()).map((r) => [r.classifications, r.failedModels])).toEqual([
      [null, {}],
      [null, {}],
    ]);
    expect(calls).toHaveLength(1);
    expect(failures).toEqual([]);
    await database.db.deleteFrom('jobs').execute();
  });

  it('marks nothing for an error that does not come back when the record is tried again alone', async () => {
    let thrown = 0;
    encoderFailure = (text) => (text === 'flaky' && thrown++ === 0 ? new Error('the ONNX worker exited') : undefined);
    const topic = await model('flaky', 'poisonable');
    const { records, delivered } = await storeRows([topic.id], ['flaky']);

    await classifier.tick();
    expect(outcomes).toEqual(['succeeded']);
    const [record] = await records();
    expect(Object.keys(record!.classifications ?? {})).toEqual([String(topic.id)]);
    expect(record!.failedModels).toEqual({});
    expect(await delivered()).toHaveLength(1);
    expect(calls.map((c) => c.texts)).toEqual([['flaky'], ['flaky']]);
  });

  it('does one call per job when nothing fails', async () => {
    encoderFailure = () => undefined;
    const a = await model('happy-a', 'poisonable');
    const b = await model('happy-b', 'healthy');
    const { records } = await storeRows(
      [a.id, b.id],
      Array.from({ length: 50 }, (_, i) => `text ${i}`),
    );
    await classifier.tick();
    expect(calls).toHaveLength(1);
    expect((await records()).every((r) => Object.keys(r.classifications ?? {}).length === 2)).toBe(true);
  });

  it('classifies the jobs of one dataset claimed in one tick as one batch: one classify call, one delete', async () => {
    encoderFailure = () => undefined;
    const a = await model('merged', 'healthy');
    const { dataset, records, delivered } = await storeRows([a.id], ['first write one', 'first write two']);
    for (const write of [['second write'], ['third write one', 'third write two', 'third write three']])
      await repos.records.insertMany(
        dataset.id,
        write.map((text) => ({ values: { text, stars: null }, metadata: {} })),
        classificationJobs,
      );
    calls.length = 0;
    expect(await classifier.tick()).toBe(3);
    expect(calls.map((c) => c.texts.length)).toEqual([6]);
    expect((await records()).every((r) => Object.keys(r.classifications ?? {}).length === 1)).toBe(true);
    expect((await delivered()).map((d) => d.row_id)).toHaveLength(6);
    expect(outcomes).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(await classifier.tick()).toBe(0);
  });

  it("keeps each record's decision and best labels as the batch's one classify call made them (top 3, flagged below the cut-off)", async () => {
    encoderFailure = () => undefined;
    const labels = ['billing', 'shipping', 'login', 'refund', 'praise'].map((name) => ({ name, descriptions: [name] }));
    const topic = await repos.models.create(
      newModel(workspace.id, 'five-labels', {
        labels,
        confidenceThreshold: 0.5,
        config: { encoder: 'healthy', logitScale: 20, label_thresholds: { shipping: 1 } },
      }),
    );
    const texts = ['where is my parcel', 'charged twice', 'cannot log in', 'great service', 'refund me now', 'hello'];
    const { records } = await storeRows([topic.id], texts);
    answers.length = 0;
    await classifier.tick();
    expect(answers).toHaveLength(1);
    const scored = answers[0]!.scored[0]!;
    const byText = new Map((await records()).map((r) => [r.values.text, r]));
    const queue = await repos.review.queue(workspace.id, topic.id, { offset: 0, limit: 100 });
    const flagged = new Map(queue.items.map((item) => [item.text, item.predictions]));
    texts.forEach((text, i) => {
      const decision = scored.decisions[i]!;
      const record = byText.get(text)!;
      expect(record.classifications?.[String(topic.id)]).toEqual({
        label: decision.label,
        confidence: decision.confidence,
      });
      expect(record.needsReview).toEqual(decision.decided ? [] : [String(topic.id)]);
      // The review queue keeps the model's three best labels, most confident first.
      if (!decision.decided) {
        expect(flagged.get(text)).toEqual(scored.predictions[i]);
        expect(flagged.get(text)).toHaveLength(3);
        expect(flagged.get(text)![0]!.label).toBe(decision.label);
      } else expect(flagged.has(text)).toBe(false);
    });
    expect(queue.items.length).toBeGreaterThan(0);
  });
});
