// Runs a model of a given kind over text embeddings; one runner per model type.
import type { Encoder, EncoderProvider } from './ports.js';
import type { Model, ModelType } from './types.js';
import { buildPrototypes, DEFAULT_LOGIT_SCALE, scoreEmbedding, type LabelPrototypes } from './zero-shot.js';

export interface ModelRunner {
  /** Probabilities over the model's labels, in label order, one row per embedding. */
  score(model: Model, embeddings: Float32Array[]): Promise<number[][]>;
}

/** Zero-shot: label prototypes are embedded once per model version and cached. */
export class ZeroShotRunner implements ModelRunner {
  private readonly cache = new Map<string, Promise<LabelPrototypes>>();

  constructor(private readonly encoders: EncoderProvider) {}

  async score(model: Model, embeddings: Float32Array[]): Promise<number[][]> {
    const prototypes = await this.prototypesFor(model);
    const scale = model.config.logitScale ?? DEFAULT_LOGIT_SCALE;
    return embeddings.map((e) => scoreEmbedding(prototypes, e, scale));
  }

  prototypesFor(model: Model): Promise<LabelPrototypes> {
    const key = `${model.id}:${model.updatedAt.getTime()}`;
    let pending = this.cache.get(key);
    if (!pending) {
      const encoder: Encoder = this.encoders.get(model.config.encoder);
      pending = buildPrototypes(encoder, model.labels);
      pending.catch(() => this.cache.delete(key));
      this.cache.set(key, pending);
    }
    return pending;
  }
}

export class ModelRunners {
  private readonly runners: Partial<Record<ModelType, ModelRunner>>;

  constructor(encoders: EncoderProvider) {
    this.runners = { 'zero-shot': new ZeroShotRunner(encoders) };
  }

  forModel(model: Model): ModelRunner {
    const runner = this.runners[model.type];
    if (!runner) throw new Error(`no runner is registered for model type ${model.type}`);
    return runner;
  }
}
