// The training job of a multi-label model: embed its examples, fit independent sigmoid outputs and per-label cut-offs, store the version.
import type { EncoderProvider } from '../ports/encoders.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { HeadGraphs, MultiLabelHeadFitter } from '../ports/training.js';
import type { Model } from '../shared/types.js';
import { fitMultiLabelHead } from '../training/fit-multi-label.js';
import type { MultiLabelledEmbedding } from '../training/multi-label-trainer.js';
import { embedInChunks } from './embed-in-chunks.js';
import { exampleLabels } from './multi-label-examples.js';
import { trainedTransition } from './transitions.js';
import type { TrainingJob, TrainingJobPatch } from './types.js';

export interface MultiLabelTrainingDeps {
  lifecycle: ModelLifecycleRepository;
  encoders: EncoderProvider;
  graphs: HeadGraphs;
  /** Where the head is fitted (default: fitMultiLabelHead on this thread). */
  fitMultiLabel?: MultiLabelHeadFitter;
}

type Report = (patch: TrainingJobPatch, force?: boolean) => Promise<void>;

/**
 * Runs `job` for multi-label `model` and returns the new version. `refuse` makes the error for a problem with the
 * model's data (the training fails with its message and is not retried).
 */
export async function trainMultiLabelVersion(
  deps: MultiLabelTrainingDeps,
  model: Model,
  job: TrainingJob,
  report: Report,
  refuse: (message: string) => Error,
): Promise<number> {
  const labels = model.labels.map((l) => l.name);
  const examples = (await deps.lifecycle.examples(model.id))
    .map((e) => ({ text: e.text, labels: exampleLabels(e).filter((l) => labels.includes(l)) }))
    .filter((e) => e.labels.length > 0);
  const missing = labels.filter((l) => !examples.some((e) => e.labels.includes(l)));
  if (missing.length > 0) throw refuse(`no labelled examples of ${missing.map((l) => `"${l}"`).join(', ')}`);
  const encoder = deps.encoders.get(model.config.encoder);
  const embeddings = await embedInChunks(
    encoder,
    examples.map((e) => e.text),
    (done, total) => report({ progress: 0.4 * (done / total) }),
    { workspaceId: model.workspaceId },
  );
  const all: MultiLabelledEmbedding[] = examples.map((e, i) => ({
    embedding: embeddings[i] as Float32Array,
    labels: e.labels.map((l) => labels.indexOf(l)),
  }));

  const { options } = job;
  await report({ stage: 'training', progress: 0.4, epoch: 0, maxEpochs: options.max_epochs }, true);
  const progress: Array<Promise<void>> = [];
  let lastEpoch = 0;
  let refitting = false;
  const fitted = await (deps.fitMultiLabel ?? fitMultiLabelHead)(all, labels, {
    holdoutFraction: options.holdout_fraction,
    seed: options.seed,
    train: {
      // The multi-label trainer has no cross-validated choice yet: 'auto' trains its default, the linear head.
      architecture: options.architecture === 'auto' ? 'linear' : options.architecture,
      maxEpochs: options.max_epochs,
      onProgress: (p) => {
        refitting ||= p.epoch <= lastEpoch;
        lastEpoch = p.epoch;
        const [from, span] = refitting ? [0.75, 0.15] : [0.4, 0.35];
        progress.push(
          report({
            epoch: p.epoch,
            maxEpochs: p.maxEpochs,
            loss: p.loss,
            progress: from + span * Math.min(1, p.epoch / p.maxEpochs),
          }),
        );
      },
    },
  });
  await Promise.all(progress);

  await report({ stage: 'saving', progress: 0.96 }, true);
  const { parameters, split } = fitted;
  const version = await deps.lifecycle.addVersion(model.id, {
    labels: model.labels,
    config: {
      ...model.config,
      multi_label: true,
      multi_label_cutoffs: fitted.cutoffs,
      multi_label_cutoff_source: fitted.cutoffSource,
      head: { architecture: parameters.architecture, input_dim: parameters.inputDim, output: 'sigmoid' },
      split: {
        seed: options.seed,
        holdout_fraction: options.holdout_fraction,
        train: split.train.length,
        holdout: split.holdout.length,
        served_head_trained_on: 'all',
      },
    },
    metrics: fitted.metrics,
    trainingExamples: fitted.trainingExamples,
    trainedAt: new Date(),
    headGraph: deps.graphs.build(parameters),
  });
  await deps.lifecycle.update(model.workspaceId, model.id, (current) =>
    trainedTransition(current, version.version, options.deploy),
  );
  await report(
    { status: 'succeeded', stage: 'done', progress: 1, version: version.version, finishedAt: new Date() },
    true,
  );
  return version.version;
}
