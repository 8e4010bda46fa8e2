// One cross-validation fold's fits (every candidate on the examples outside the fold, logits of the fold's own), and how folds run: here one after another, or by a runner that spreads them over threads.
import { gramOfSubset } from './gram.js';
import { logitRows } from './head-parameters.js';
import { fitLogisticPath, linearHead } from './logistic-regression.js';
import { fitMlp, type HeadRecipe } from './recipes.js';
import type { LabelledEmbedding, TrainProgress } from './trainer.js';

/** What every fold of one selection shares; plain data, so a runner may send it to another thread. */
export interface FoldJob {
  examples: LabelledEmbedding[];
  labels: string[];
  /** The candidates to fit, in the selection's order. */
  candidates: HeadRecipe[];
  /** Each example's fold. */
  assignment: number[];
  folds: number;
  seed: number;
  /** The Gram matrix of `examples` (gramOf), when fits run in their span: each fold cuts its own from it. */
  gram?: Float64Array;
}

/** One fold's outcome: per candidate (the job's order), the logits of the fold's examples in their order. */
export interface FoldResult {
  logits: number[][][];
  /** Training objective of each fit, in the order fitted: the logistic path's last, then each MLP's. */
  losses: number[];
}

/** Hooks of folds run here: after every fit (the fold's loop yields, then an abort ends it), MLP epochs. */
export interface FoldRun {
  signal?: AbortSignal;
  onFit?: (loss: number) => void;
  onEpoch?: (progress: TrainProgress) => void;
}

/**
 * Runs every fold of `job` and hands each result to `keep` (in any fold order); the same job gives the same results
 * whoever runs it (every fit is deterministic for its seed). Results of folds run elsewhere report their fits to
 * `run.onFit` when they arrive.
 */
export type FoldRunner = (
  job: FoldJob,
  run: FoldRun,
  keep: (fold: number, result: FoldResult) => void,
) => Promise<void>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Fits the job's candidates on the examples outside `fold` (the logistic regressions as one path of L2 strengths,
 * strongest first: each fit starts from the previous, more regularised solution and converges faster; then each
 * MLP) and returns the logits of the fold's examples.
 */
export async function fitFold(job: FoldJob, fold: number, run: FoldRun = {}): Promise<FoldResult> {
  const { examples, labels, candidates, assignment } = job;
  const trainRows = assignment.flatMap((f, i) => (f === fold ? [] : [i]));
  const train = trainRows.map((i) => examples[i] as LabelledEmbedding);
  const gram = job.gram ? gramOfSubset(job.gram, examples.length, trainRows) : undefined;
  const test = examples.filter((_, i) => assignment[i] === fold).map((e) => e.embedding);
  const logits = new Array<number[][]>(candidates.length);
  const losses: number[] = [];
  const fitted = async (loss: number) => {
    losses.push(loss);
    run.onFit?.(loss);
    await nextTurn();
    run.signal?.throwIfAborted();
  };
  const logistic = candidates.flatMap((c, i) => (c.kind === 'logistic-regression' ? [i] : []));
  logistic.sort((a, b) => (candidates[b] as { l2: number }).l2 - (candidates[a] as { l2: number }).l2);
  if (logistic.length > 0) {
    const strengths = logistic.map((i) => (candidates[i] as { l2: number }).l2);
    const fits = fitLogisticPath(train, labels.length, strengths, gram ? { gram } : {});
    fits.forEach((fit, j) => (logits[logistic[j] as number] = logitRows(linearHead(fit.model, labels), test)));
    await fitted(fits.at(-1)?.loss ?? 0);
  }
  for (const [c, candidate] of candidates.entries()) {
    if (candidate.kind !== 'mlp') continue;
    const mlp = await fitMlp(candidate, train, labels, {
      seed: job.seed,
      ...(gram ? { gram } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
      ...(run.onEpoch ? { onEpoch: run.onEpoch } : {}),
    });
    logits[c] = logitRows(mlp.parameters, test);
    await fitted(mlp.loss);
  }
  return { logits, losses };
}

/** Runs the folds here, one after another. */
export const foldsHere: FoldRunner = async (job, run, keep) => {
  for (let fold = 0; fold < job.folds; fold += 1) keep(fold, await fitFold(job, fold, run));
};
