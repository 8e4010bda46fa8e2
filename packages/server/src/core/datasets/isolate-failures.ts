// Scores a job's texts with all its models in one call; when that call throws an error that is not transient, each model alone, halving the texts until every text it fails on stands alone, so one poisoned row never holds back the rest.
import type { ClassifyResult } from '../classification/classify-texts.js';
import type { Decision } from '../classification/label-thresholds.js';
import type { Prediction } from '../classification/predictions.js';
import { DomainError } from '../shared/domain-errors.js';
import { ownValue } from '../shared/own-value.js';
import type { Model } from '../shared/types.js';

/** One classify call over some of the job's texts with some of its models (unusable models skipped). */
export type ScoreTexts = (texts: string[], modelIds: number[]) => Promise<ClassifyResult>;

export interface ModelRows {
  model: Model;
  /** The probability row of each text, by index; undefined where the model failed on the text. */
  rows: ReadonlyArray<number[] | undefined>;
  /** The classify call's shaped predictions and decision of each text, by index (as `rows`): computed there once. */
  predictions: ReadonlyArray<Prediction[] | undefined>;
  decisions: ReadonlyArray<Decision | undefined>;
}

export interface ModelFailure {
  modelId: number;
  /** What the model threw on the text alone. */
  error: unknown;
}

export interface IsolatedScores {
  /** The models that ran, in the job's order. */
  scored: ModelRows[];
  /** Model id → why it was left out (missing, archived, not deployed). */
  skipped: Record<string, string>;
  /** Text index → the models that failed on that text alone. Empty when the first call succeeded. */
  failures: Map<number, ModelFailure[]>;
}

/**
 * The happy path is the one call it always was. After a failure that is not transient, a (text, model) pair is
 * failed only when the model throws on that text alone, in a call of its own: the first call never condemns a text,
 * so an error that passed (a worker restarted, a connection reset) costs a few calls and marks nothing. A transient
 * error, at any depth, is thrown: the caller retries the whole job. Cost after a failure: per model, one call over
 * all texts and about 2·k·log2(n) more for k texts it fails on among n (2n − 1 when it fails on every text).
 */
export async function scoreIsolatingFailures(
  texts: readonly string[],
  modelIds: readonly number[],
  score: ScoreTexts,
  isTransient: (error: unknown) => boolean,
): Promise<IsolatedScores> {
  try {
    const { scored, skipped } = await score([...texts], [...modelIds]);
    return {
      scored: scored.map(({ model, probabilities, predictions, decisions }) => ({
        model,
        rows: probabilities,
        predictions,
        decisions,
      })),
      skipped,
      failures: new Map(),
    };
  } catch (error) {
    if (isTransient(error)) throw error;
  }
  const scored: ModelRows[] = [];
  const skipped = new Map<string, string>();
  const failures = new Map<number, ModelFailure[]>();
  for (const modelId of modelIds) {
    // With a single model, the first call was already this model over all texts: go straight to the halves.
    const outcome = await isolateModel(texts, modelId, score, isTransient, modelIds.length === 1);
    if (outcome.skipped !== undefined) {
      skipped.set(String(modelId), outcome.skipped);
      continue;
    }
    if (outcome.model)
      scored.push({
        model: outcome.model,
        rows: outcome.rows,
        predictions: outcome.predictions,
        decisions: outcome.decisions,
      });
    for (const { index, error } of outcome.failures) {
      const list = failures.get(index) ?? [];
      list.push({ modelId, error });
      failures.set(index, list);
    }
  }
  return { scored, skipped: Object.fromEntries(skipped), failures };
}

interface ModelOutcome {
  /** Undefined when the model failed on every text (or was skipped). */
  model: Model | undefined;
  rows: Array<number[] | undefined>;
  predictions: Array<Prediction[] | undefined>;
  decisions: Array<Decision | undefined>;
  failures: Array<{ index: number; error: unknown }>;
  /** Set when a call skipped the model (it became unusable meanwhile): it is then left out of the whole job. */
  skipped: string | undefined;
}

async function isolateModel(
  texts: readonly string[],
  modelId: number,
  score: ScoreTexts,
  isTransient: (error: unknown) => boolean,
  failedOnAll: boolean,
): Promise<ModelOutcome> {
  const outcome: ModelOutcome = {
    model: undefined,
    rows: new Array(texts.length),
    predictions: new Array(texts.length),
    decisions: new Array(texts.length),
    failures: [],
    skipped: undefined,
  };
  const visit = async (indices: number[], knownToFail: boolean): Promise<void> => {
    if (outcome.skipped !== undefined) return;
    if (!knownToFail) {
      try {
        const { scored, skipped } = await score(
          indices.map((i) => texts[i] as string),
          [modelId],
        );
        const ran = scored[0];
        if (!ran) {
          outcome.skipped = ownValue(skipped, String(modelId)) ?? `model ${modelId} did not run`;
          return;
        }
        outcome.model ??= ran.model;
        indices.forEach((index, k) => {
          outcome.rows[index] = ran.probabilities[k];
          outcome.predictions[index] = ran.predictions[k];
          outcome.decisions[index] = ran.decisions[k];
        });
        return;
      } catch (error) {
        if (isTransient(error)) throw error;
        if (indices.length === 1) {
          outcome.failures.push({ index: indices[0] as number, error });
          return;
        }
      }
    }
    const middle = Math.ceil(indices.length / 2);
    await visit(indices.slice(0, middle), false);
    await visit(indices.slice(middle), false);
  };
  await visit(
    texts.map((_, i) => i),
    failedOnAll && texts.length > 1,
  );
  return outcome;
}

/**
 * What a record shows for a model that failed on it: a DomainError's message (written for clients), else a generic
 * line: an unexpected error's message may carry internals, so it goes to the server's log, never to the record.
 */
export function failureReason(modelId: number, error: unknown): string {
  const why =
    error instanceof DomainError
      ? error.message
      : "an unexpected error occurred; the server's log has the details under this record's id";
  return `model ${modelId} could not classify the record: ${why}`;
}
