// The search for the texts a model fails on: halves down to single texts, confirmed alone, transient errors thrown at any depth, a model skipped meanwhile left out.
import { describe, expect, it } from 'vitest';
import type { ClassifyResult } from '../classification/classify-texts.js';
import { DomainError, isTransientError } from '../shared/domain-errors.js';
import type { Model } from '../shared/types.js';
import { failureReason, scoreIsolatingFailures, type ScoreTexts } from './isolate-failures.js';

const modelOf = (id: number) => ({ id }) as Model;

/** Each model scores a text as [its length]; `fails(modelId, text)` names the error a model throws on a batch holding the text. */
function scorer(fails: (modelId: number, text: string) => Error | undefined, skippedAfter = Infinity) {
  const calls: Array<{ texts: string[]; modelIds: number[] }> = [];
  const score: ScoreTexts = async (texts, modelIds) => {
    calls.push({ texts, modelIds });
    for (const modelId of modelIds) {
      for (const text of texts) {
        const error = fails(modelId, text);
        if (error !== undefined) throw error;
      }
    }
    const skipped = calls.length > skippedAfter ? { [String(modelIds[0])]: `model ${modelIds[0]} is archived` } : {};
    const result: ClassifyResult = {
      scored: modelIds
        .filter((id) => skipped[String(id)] === undefined)
        .map((id) => ({
          model: modelOf(id),
          probabilities: texts.map((t) => [t.length]),
          predictions: [],
          decisions: [],
        })),
      skipped,
    };
    return result;
  };
  return { score, calls };
}

const TEXTS = ['a', 'bb', 'poison', 'dddd', 'eeeee', 'poison too', 'g'];

describe('scoreIsolatingFailures', () => {
  it('is one call when nothing fails', async () => {
    const { score, calls } = scorer(() => undefined);
    const result = await scoreIsolatingFailures(TEXTS, [1, 2], score, isTransientError);
    expect(calls).toHaveLength(1);
    expect(result.failures.size).toBe(0);
    expect(result.scored.map((s) => [s.model.id, s.rows.length])).toEqual([
      [1, 7],
      [2, 7],
    ]);
  });

  it('finds every text one model fails on and keeps the other model whole', async () => {
    const broken = new TypeError('broken');
    const { score, calls } = scorer((modelId, text) => (modelId === 1 && text.includes('poison') ? broken : undefined));
    const result = await scoreIsolatingFailures(TEXTS, [1, 2], score, isTransientError);
    expect([...result.failures]).toEqual([
      [2, [{ modelId: 1, error: broken }]],
      [5, [{ modelId: 1, error: broken }]],
    ]);
    const [first, second] = result.scored;
    expect(first!.rows).toEqual([[1], [2], undefined, [4], [5], undefined, [1]]);
    expect(second!.rows).toEqual(TEXTS.map((t) => [t.length]));
    // Model 2 alone: one call over all texts. Model 1 alone: halves, only down the sides that fail.
    const alone = (id: number) => calls.filter((c) => c.modelIds.length === 1 && c.modelIds[0] === id);
    expect(alone(2).map((c) => c.texts.length)).toEqual([7]);
    expect(alone(1).map((c) => c.texts.length)).toEqual([7, 4, 2, 2, 1, 1, 3, 2, 1, 1, 1]);
  });

  it('fails a model on every text when it throws on each one alone (2n − 1 calls in all)', async () => {
    const { score, calls } = scorer(() => new Error('cannot build the head'));
    const result = await scoreIsolatingFailures(TEXTS, [3], score, isTransientError);
    expect(result.scored).toEqual([]);
    expect([...result.failures.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(calls).toHaveLength(1 + 2 * TEXTS.length - 2);
  });

  it('tries a lone text again alone before failing it', async () => {
    let thrown = 0;
    const { score, calls } = scorer(() => (thrown++ === 0 ? new Error('worker restarted') : undefined));
    const result = await scoreIsolatingFailures(['only'], [1], score, isTransientError);
    expect(result.failures.size).toBe(0);
    expect(calls).toHaveLength(2);
  });

  it('throws a transient error met at any depth, so the whole job is retried', async () => {
    const busy = new DomainError('UNAVAILABLE', 'queue full');
    const { score } = scorer((_id, text) => {
      if (text === 'poison too') return busy;
      return text === 'poison' ? new Error('x') : undefined;
    });
    await expect(scoreIsolatingFailures(TEXTS, [1], score, isTransientError)).rejects.toBe(busy);
  });

  it('leaves out a model that a later call skipped (archived meanwhile)', async () => {
    const { score } = scorer((_id, text) => (text === 'poison' ? new Error('x') : undefined), 2);
    const result = await scoreIsolatingFailures(TEXTS, [1], score, isTransientError);
    expect(result.scored).toEqual([]);
    expect(result.skipped).toEqual({ '1': 'model 1 is archived' });
    expect(result.failures.size).toBe(0);
  });
});

describe('failureReason', () => {
  it("shows a DomainError's message and keeps any other error's to the log", () => {
    expect(failureReason(4, new DomainError('INVALID_PARAMETER', 'text: unreadable'))).toBe(
      'model 4 could not classify the record: text: unreadable',
    );
    expect(failureReason(4, new Error('/srv/models/x.onnx: Gather failed'))).toBe(
      "model 4 could not classify the record: an unexpected error occurred; the server's log has the details under this record's id",
    );
  });
});
