// Reading a workspace's models: a page of them (by status) and one model, a missing one being NOT_FOUND.
import type { ModelRepository } from '../ports/repositories.js';
import { notFound } from '../shared/domain-errors.js';
import type { Model, ModelStatus, Page, PageRequest } from '../shared/types.js';

export class ModelCatalog {
  constructor(private readonly models: ModelRepository) {}

  list(workspaceId: number, page: PageRequest, status: ModelStatus | 'all'): Promise<Page<Model>> {
    return this.models.list(workspaceId, page, status === 'all' ? {} : { status });
  }

  async get(workspaceId: number, modelId: number): Promise<Model> {
    const model = await this.models.get(workspaceId, modelId);
    if (!model) throw notFound(`model ${modelId}`);
    return model;
  }
}
