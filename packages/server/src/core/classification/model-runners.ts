// Maps each model type to its Head factory and keeps one head per model version; a replaced version's head is released after a grace period.
import type { EncoderProvider } from '../ports/encoders.js';
import type { Head, HeadFactory, HeadInput } from './heads.js';
import type { Model, ModelType } from '../shared/types.js';
import { zeroShotHead } from './zero-shot.js';

export const HEAD_FACTORIES: Partial<Record<ModelType, HeadFactory>> = { 'zero-shot': zeroShotHead };

/** Model kinds whose heads read the texts, not their embeddings. */
const EMBEDDING_FREE: ReadonlySet<ModelType> = new Set(['llm']);

/** Whether the model's head reads embeddings (callers start embedding before they ask for the head). */
export const readsEmbeddings = (model: Model): boolean => !EMBEDDING_FREE.has(model.type);

/** How long a head of a replaced version stays loaded for the requests that still hold it. */
export const RELEASE_GRACE_MS = 60_000;

/** A version's zero-shot calibration, which an evaluation may refit in place: a refitted version gets a fresh head. */
function calibrationKey(model: Model): string {
  const { logitScale, zeroShotScoring } = model.config;
  return logitScale === undefined && zeroShotScoring === undefined ? '' : `:s${logitScale}:${zeroShotScoring}`;
}

export class ModelRunners {
  /** Keyed by model id and version (or, for a model without versions, its last update) and calibration: a redeployed or recalibrated version gets a fresh head. */
  private readonly heads = new Map<string, Promise<Head>>();
  /** The head key each model used last; older keys of the model are released after the grace period. */
  private readonly latest = new Map<number, string>();

  constructor(
    private readonly encoders: EncoderProvider,
    private readonly factories: Partial<Record<ModelType, HeadFactory>> = HEAD_FACTORIES,
    private readonly graceMs = RELEASE_GRACE_MS,
  ) {}

  /** Probabilities over the model's labels, in label order, one row per text. */
  async score(model: Model, input: HeadInput): Promise<number[][]> {
    return (await this.headFor(model)).predict(input);
  }

  headFor(model: Model): Promise<Head> {
    const factory = this.factories[model.type];
    if (!factory) throw new Error(`no head is registered for model type ${model.type}`);
    const key =
      (model.version === null || model.version === undefined
        ? `${model.id}:t${model.updatedAt.getTime()}`
        : `${model.id}:v${model.version}`) + calibrationKey(model);
    let pending = this.heads.get(key);
    if (!pending) {
      pending = factory(model, this.encoders.get(model.config.encoder));
      pending.catch(() => this.heads.delete(key));
      this.heads.set(key, pending);
    }
    const previous = this.latest.get(model.id);
    if (previous !== key) {
      this.latest.set(model.id, key);
      if (previous !== undefined) this.releaseLater(model.id, previous);
    }
    return pending;
  }

  /** Releases every head now (shutdown). */
  async close(): Promise<void> {
    const heads = [...this.heads.values()];
    this.heads.clear();
    await Promise.all(heads.map(async (pending) => (await pending.catch(() => undefined))?.release?.()));
  }

  private releaseLater(modelId: number, key: string): void {
    const timer = setTimeout(() => {
      if (this.latest.get(modelId) === key) return;
      const pending = this.heads.get(key);
      this.heads.delete(key);
      void pending?.then(
        (head) => head.release?.(),
        () => undefined,
      );
    }, this.graceMs);
    timer.unref();
  }
}
