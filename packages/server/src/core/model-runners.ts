// Maps each model type to its Head factory and keeps one head per model version (built once, then reused).
import type { EncoderProvider } from './ports.js';
import type { Head, HeadFactory, HeadInput } from './heads.js';
import type { Model, ModelType } from './types.js';
import { zeroShotHead } from './zero-shot.js';

export const HEAD_FACTORIES: Partial<Record<ModelType, HeadFactory>> = { 'zero-shot': zeroShotHead };

export class ModelRunners {
  /** Keyed by model id and version (updatedAt): a redeployed model gets a fresh head. */
  private readonly heads = new Map<string, Promise<Head>>();

  constructor(
    private readonly encoders: EncoderProvider,
    private readonly factories: Partial<Record<ModelType, HeadFactory>> = HEAD_FACTORIES,
  ) {}

  /** Probabilities over the model's labels, in label order, one row per text. */
  async score(model: Model, input: HeadInput): Promise<number[][]> {
    return (await this.headFor(model)).predict(input);
  }

  headFor(model: Model): Promise<Head> {
    const factory = this.factories[model.type];
    if (!factory) throw new Error(`no head is registered for model type ${model.type}`);
    const key = `${model.id}:${model.updatedAt.getTime()}`;
    let pending = this.heads.get(key);
    if (!pending) {
      pending = factory(model, this.encoders.get(model.config.encoder));
      pending.catch(() => this.heads.delete(key));
      this.heads.set(key, pending);
    }
    return pending;
  }
}
