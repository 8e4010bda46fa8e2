// A model's training examples one by one: a page of them (by label), an edit of a text or its labels, a deletion; a few-shot model retrains after a change.
import { DomainError, invalid, notFound } from '../shared/domain-errors.js';
import type { Model, Page, PageRequest, Workspace } from '../shared/types.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';
import type { ModelExampleRepository } from '../ports/model-records.js';
import type { ModelRepository } from '../ports/repositories.js';
import { retrainFewShot } from './retraining.js';
import { TRAINED_KINDS, type LabelledText, type ModelExample, type TrainingJob } from './types.js';

/** What an edit may change; absent fields keep their value. */
export interface ExampleChange {
  text?: string | undefined;
  label?: string | undefined;
  labels?: string[] | undefined;
}

/** The source an edited example gets. */
export const EDIT_SOURCE = 'edit';

export class ModelExamples {
  constructor(
    private readonly deps: {
      models: ModelRepository;
      lifecycle: ModelLifecycleRepository;
      examples: ModelExampleRepository;
    },
  ) {}

  async list(
    workspace: Workspace,
    modelId: number,
    page: PageRequest,
    filter: { label?: string | undefined },
  ): Promise<Page<ModelExample>> {
    const model = await this.model(workspace, modelId);
    if (filter.label !== undefined && !model.labels.some((l) => l.name === filter.label))
      throw invalid('label', `"${filter.label}" is not a label of model ${modelId}`);
    if (!TRAINED_KINDS.has(model.type)) return { items: [], total: 0 };
    return this.deps.examples.list(model.id, page, filter.label === undefined ? {} : { label: filter.label });
  }

  async update(
    workspace: Workspace,
    modelId: number,
    exampleId: string,
    change: ExampleChange,
  ): Promise<{ example: ModelExample; job: TrainingJob | null }> {
    const model = await this.model(workspace, modelId);
    const existing = await this.deps.examples.get(model.id, exampleId);
    if (!existing) throw notFound(`example ${exampleId} of model ${modelId}`);
    const updated = await this.deps.examples.update(model.id, exampleId, changed(model, existing, change), EDIT_SOURCE);
    if (updated === undefined) throw notFound(`example ${exampleId} of model ${modelId}`);
    if (updated === 'conflict')
      throw new DomainError('CONFLICT', `text: another example of model ${modelId} already has this text`);
    return { example: updated, job: await retrainFewShot(this.deps.lifecycle, workspace, model) };
  }

  async remove(workspace: Workspace, modelId: number, exampleId: string): Promise<void> {
    const model = await this.model(workspace, modelId);
    if (!(await this.deps.examples.remove(model.id, exampleId)))
      throw notFound(`example ${exampleId} of model ${modelId}`);
    await retrainFewShot(this.deps.lifecycle, workspace, model);
  }

  private async model(workspace: Workspace, modelId: number): Promise<Model> {
    const model = await this.deps.models.get(workspace.id, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    return model;
  }
}

/** The example after the change, checked against the model's labels; errors name the field at fault. */
export function changed(model: Model, existing: LabelledText, change: ExampleChange): LabelledText {
  const multiLabel = model.config.multi_label === true;
  const text = change.text ?? existing.text;
  if (text.trim() === '') throw invalid('text', 'an example text must not be empty');
  if (change.label !== undefined && change.labels !== undefined)
    throw invalid('labels', 'give either label or labels, not both');
  if (change.labels !== undefined && !multiLabel)
    throw invalid('labels', 'only a multi-label model takes several labels; give label');
  if (change.label === undefined && change.labels === undefined)
    return { text, label: existing.label, ...(existing.labels === undefined ? {} : { labels: existing.labels }) };
  const known = new Set(model.labels.map((l) => l.name));
  const names = change.labels ?? [change.label as string];
  names.forEach((name, j) => {
    if (!known.has(name))
      throw invalid(change.labels ? `labels[${j}]` : 'label', `"${name}" is not a label of model ${model.id}`);
  });
  if (new Set(names).size !== names.length) throw invalid('labels', 'a label appears twice');
  return multiLabel ? { text, label: names[0] as string, labels: [...names] } : { text, label: names[0] as string };
}
