// The one classification use case: score texts with models. HTTP requests and the dataset worker both go through it.
import { DomainError, notFound } from '../shared/domain-errors.js';
import type { Encoder, EncoderProvider, LanguageDetector } from '../ports/encoders.js';
import type { ModelRepository } from '../ports/repositories.js';
import type { Model, Workspace } from '../shared/types.js';
import type { QuotaService } from '../tenancy/quota.js';
import { decide, type Decision } from './label-thresholds.js';
import { detectRequestLanguage } from './language.js';
import { readsEmbeddings, type ModelRunners } from './model-runners.js';
import { checkLabelFilter, shapePredictions, type Prediction, type PredictionOptions } from './predictions.js';
import { assertUsableTexts } from './texts.js';

export interface ModelRequest {
  modelId: number;
  options?: PredictionOptions;
  /** Where this model's label_filter came from, for the error that names it (default `label_filter`). */
  field?: string;
}

export interface ClassifyRequest {
  workspaceId: number;
  texts: string[];
  models: ModelRequest[];
  /**
   * `refuse` (requests): a missing, archived or undeployed model fails the call with its error.
   * `skip` (dataset rows): it is left out, and `skipped` says why.
   */
  unusableModels: 'refuse' | 'skip';
  /** The workspace whose monthly quota the texts × models count against; dataset rows are not counted. */
  quota?: Workspace;
  /** Identify the language of the texts taken together (only where the answer is used). */
  detectLanguage?: boolean;
  /** The trace this work continues (an opaque W3C traceparent, e.g. a dataset job's): for a composition that traces it. */
  traceContext?: string;
}

export interface ModelScores {
  model: Model;
  /** One probability row per text, in label order. */
  probabilities: number[][];
  /** One list per text: rounded, sorted, label_filter and max_predictions applied. */
  predictions: Prediction[][];
  /** One per text: whether its top label clears that label's cut-off (effectiveLabelThresholds). */
  decisions: Decision[];
}

export interface ClassifyResult {
  /** In the order of the request's models (less the skipped ones). */
  scored: ModelScores[];
  /** Model id → why it was left out (`skip` only). */
  skipped: Record<string, string>;
  /** ISO 639 code of the texts' language, when asked for. */
  language?: string;
}

export class TextClassifier {
  constructor(
    private readonly models: ModelRepository,
    private readonly encoders: EncoderProvider,
    private readonly runners: ModelRunners,
    private readonly quotas: QuotaService,
    private readonly languages: LanguageDetector,
  ) {}

  /**
   * Checks the models, reserves quota, then scores every model concurrently: the texts are embedded once per
   * encoder, before any head is built, so a request's own texts take their place in the encoder's queue first.
   */
  async classify(request: ClassifyRequest): Promise<ClassifyResult> {
    const { texts } = request;
    if (request.unusableModels === 'refuse') assertUsableTexts(texts);
    const { usable, skipped } = await this.usableModels(request);
    const encoders = new Map<string, Encoder>(
      usable.map(({ model }) => [model.config.encoder, this.encoders.get(model.config.encoder)]),
    );
    if (request.quota)
      await this.quotas.reserve(request.quota, texts.filter((t) => t.trim() !== '').length * usable.length);
    const embeddings = new Map<string, Promise<Float32Array[]>>();
    const embed = (encoderId: string): Promise<Float32Array[]> => {
      let pending = embeddings.get(encoderId);
      if (!pending) {
        pending = (encoders.get(encoderId) as Encoder).embed(texts, { workspaceId: request.workspaceId });
        embeddings.set(encoderId, pending);
      }
      return pending;
    };
    const scored = await Promise.all(
      usable.map(async ({ model, options }) => {
        // The texts are embedded before the head is looked up (and maybe built, which embeds its label texts too).
        if (readsEmbeddings(model)) await embed(model.config.encoder);
        const probabilities = await this.runners.score(model, { texts, embeddings: () => embed(model.config.encoder) });
        return {
          model,
          probabilities,
          predictions: probabilities.map((row) => shapePredictions(model, row, options)),
          decisions: probabilities.map((row) => decide(model, row)),
        };
      }),
    );
    const result: ClassifyResult = { scored, skipped };
    if (request.detectLanguage) result.language = detectRequestLanguage(this.languages, texts);
    return result;
  }

  private async usableModels(
    request: ClassifyRequest,
  ): Promise<{ usable: Array<{ model: Model; options: PredictionOptions }>; skipped: Record<string, string> }> {
    const found = await Promise.all(request.models.map((r) => this.models.get(request.workspaceId, r.modelId)));
    const usable: Array<{ model: Model; options: PredictionOptions }> = [];
    const skipped = new Map<string, string>();
    request.models.forEach((r, i) => {
      const model = found[i];
      const state: ModelState = model ? modelState(model) : 'missing';
      if (state === 'usable') usable.push({ model: model as Model, options: r.options ?? {} });
      else if (request.unusableModels === 'refuse') throw refusal(r.modelId, state);
      else skipped.set(String(r.modelId), skipReason(r.modelId, state));
    });
    request.models.forEach((r, i) => {
      const model = found[i];
      if (model && r.options) checkLabelFilter(model, r.options, r.field ?? 'label_filter');
    });
    return { usable, skipped: Object.fromEntries(skipped) };
  }
}

type ModelState = 'usable' | 'missing' | 'archived' | 'undeployed';

function modelState(model: Model): ModelState {
  if (model.status === 'archived') return 'archived';
  return model.status === 'deployed' ? 'usable' : 'undeployed';
}

/** The error a request gets for a model that cannot classify now. */
function refusal(modelId: number, state: Exclude<ModelState, 'usable'>): DomainError {
  if (state === 'missing') return notFound(`model ${modelId}`);
  if (state === 'archived')
    return new DomainError('MODEL_ARCHIVED', `model ${modelId} is archived; redeploy it to serve inference`);
  return new DomainError('MODEL_NOT_DEPLOYED', `model ${modelId} is not deployed yet; deploy it to serve inference`);
}

/** What a dataset record keeps in skipped_models for such a model. */
function skipReason(modelId: number, state: Exclude<ModelState, 'usable'>): string {
  if (state === 'missing') return `model ${modelId} no longer exists`;
  return `model ${modelId} is ${state === 'archived' ? 'archived' : 'not deployed'}`;
}
