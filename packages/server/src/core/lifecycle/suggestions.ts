// Active learning: score a dataset's rows that are not examples yet and return the ones the model is least sure of, with its guess.
import { invalid, notFound } from '../shared/domain-errors.js';
import type { Workspace } from '../shared/types.js';
import { rankByUncertainty } from '../training/active-learning.js';
import { embedInChunks } from './embed-in-chunks.js';
import type { LifecycleDeps } from './model-lifecycle.js';
import { TRAINED_KINDS } from './types.js';
import { ownValue } from '../shared/own-value.js';

export type UncertaintyStrategy = 'margin' | 'entropy';

export interface LabelSuggestion {
  recordId: string;
  text: string;
  label: string;
  confidence: number;
  uncertainty: number;
}

type Deps = Omit<LifecycleDeps, 'llmEndpoints' | 'graphs' | 'evaluations'>;

export class LabelSuggestions {
  constructor(private readonly deps: Deps) {}

  async suggest(
    workspace: Workspace,
    modelId: number,
    datasetId: number,
    options: { strategy: UncertaintyStrategy; scan: number; limit: number },
  ): Promise<{ items: LabelSuggestion[]; scanned: number }> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    if (!TRAINED_KINDS.has(model.type))
      throw invalid('model_id', `a ${model.type} model does not learn from labelled examples`);
    if (model.version === null)
      throw invalid('model_id', `model ${modelId} has no version yet; add an example of every label first`);
    const dataset = await this.deps.datasets.get(workspace.id, datasetId);
    if (!dataset) throw notFound(`dataset ${datasetId}`);
    const known = new Set((await this.deps.lifecycle.examples(model.id)).map((e) => e.text));
    const candidates: Array<{ recordId: string; text: string }> = [];
    const newestFirst = Math.max(0, dataset.rowCount - options.scan);
    for (let offset = newestFirst; candidates.length < options.scan; offset += 1000) {
      const page = await this.deps.records.list(dataset.id, { offset, limit: 1000 });
      for (const record of page.items) {
        const text = ownValue(record.values, dataset.textColumn);
        if (typeof text === 'string' && text.trim() !== '' && !known.has(text))
          candidates.push({ recordId: record.id, text });
      }
      if (page.items.length === 0 || offset + page.items.length >= page.total) break;
    }
    if (candidates.length === 0) return { items: [], scanned: 0 };
    const head = await this.deps.runners.headFor(model);
    const texts = candidates.map((c) => c.text);
    const encoder = this.deps.encoders.get(model.config.encoder);
    const rows = await head.predict({
      texts,
      embeddings: () => embedInChunks(encoder, texts, undefined, { workspaceId: model.workspaceId }),
    });
    const ranked = rankByUncertainty(rows, options.strategy).slice(0, options.limit);
    return {
      scanned: candidates.length,
      items: ranked.map((r) => {
        const row = rows[r.index]!;
        const top = r.top;
        return {
          recordId: candidates[r.index]!.recordId,
          text: candidates[r.index]!.text,
          label: head.labels[top] ?? '',
          confidence: row[top] ?? 0,
          uncertainty: r.uncertainty,
        };
      }),
    };
  }
}
