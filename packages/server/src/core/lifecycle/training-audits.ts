// Audits a model version's training data: the model's examples of the version's labels, embedded by the version's encoder;
// and what its training held out, with the predictions behind its confusion matrix (held-out.ts).
import { invalid, notFound } from '../shared/domain-errors.js';
import type { Page, PageRequest, Workspace } from '../shared/types.js';
import { auditExamples, type AuditOptions, type TrainingAudit } from '../training/audit.js';
import { embedInChunks } from './embed-in-chunks.js';
import type { LifecycleDeps } from './model-lifecycle.js';
import { listHeldOut } from './held-out.js';
import type { HeldOutFilter, HeldOutPrediction } from './types.js';

type Deps = Pick<LifecycleDeps, 'models' | 'lifecycle' | 'encoders'>;

/** The fewest examples an audit runs on: two folds of two labels need at least two of each. */
const MIN_PER_LABEL = 2;

export class TrainingAudits {
  constructor(private readonly deps: Deps) {}

  async audit(
    workspace: Workspace,
    modelId: number,
    version: number,
    options: Pick<AuditOptions, 'limit' | 'duplicateSimilarity' | 'signal'>,
  ): Promise<TrainingAudit & { modelId: number; version: number }> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    const stored = await this.deps.lifecycle.getVersion(model.id, version);
    if (!stored) throw notFound(`version ${version} of model ${modelId}`);
    const names = stored.labels.map((l) => l.name);
    const examples = (await this.deps.lifecycle.examples(model.id)).filter((e) => names.includes(e.label));
    const counts = names.map((n) => examples.filter((e) => e.label === n).length);
    if (counts.filter((c) => c >= MIN_PER_LABEL).length < 2)
      throw invalid(
        'model_id',
        `model ${modelId} needs at least ${MIN_PER_LABEL} labelled examples of two labels to audit (it has ${examples.length} examples)`,
      );
    const encoder = this.deps.encoders.get(stored.config.encoder);
    const embeddings = await embedInChunks(
      encoder,
      examples.map((e) => e.text),
      undefined,
      { workspaceId: workspace.id },
    );
    const audit = await auditExamples(
      examples.map((e, i) => ({
        text: e.text,
        label: names.indexOf(e.label),
        embedding: embeddings[i] as Float32Array,
      })),
      names,
      options,
    );
    return { ...audit, modelId, version };
  }

  /** A page of the version's held-out predictions: a row, a column or a cell of its confusion matrix. */
  heldOut(
    workspace: Workspace,
    modelId: number,
    version: number,
    page: PageRequest,
    filter: HeldOutFilter,
  ): Promise<Page<HeldOutPrediction>> {
    return listHeldOut(this.deps, workspace, modelId, version, page, filter);
  }
}
