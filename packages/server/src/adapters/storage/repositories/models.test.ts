// Models: create, get, findByName and list, each confined to its workspace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Workspace } from '../../../core/shared/types.js';
import { createWorkspace, newModel } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

describe.each(testTargets())('models on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let alpha: Workspace;
  let beta: Workspace;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    alpha = await createWorkspace(repos, 'alpha');
    beta = await createWorkspace(repos, 'beta');
  });

  afterAll(() => database.dispose());

  it('round-trips every field of a model', async () => {
    const lastTrained = new Date('2025-01-15T08:30:00.250Z');
    const input = newModel(alpha.id, 'sentiment', {
      type: 'fine-tuned',
      status: 'undeployed',
      config: { encoder: 'multilingual-minilm', logitScale: 33.5, head: { weights: [[0.1, -0.2]], bias: [0] } },
      metrics: { accuracy: 0.91, f1_macro: 0.88, per_class: { positive: { precision: 0.9, recall: 0.87, f1: 0.885 } } },
      trainingExamples: 1200,
      lastTrained,
      confidenceThreshold: 0.75,
    });
    const created = await repos.models.create(input);
    const { workspaceId, ...fields } = input;
    expect(created).toEqual({
      ...fields,
      workspaceId,
      id: expect.any(Number),
      version: 1,
      previousVersion: null,
      // Set only by PATCH /v2/models/{id}; a new model has none.
      description: null,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await repos.models.get(alpha.id, created.id)).toEqual(created);
    expect(await repos.models.findByName(alpha.id, 'sentiment')).toEqual(created);
  });

  it('keeps models invisible to other workspaces', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'private-to-alpha'));
    expect(await repos.models.get(beta.id, model.id)).toBeUndefined();
    expect(await repos.models.findByName(beta.id, 'private-to-alpha')).toBeUndefined();
    const betaList = await repos.models.list(beta.id, { offset: 0, limit: 100 });
    expect(betaList.items.map((m) => m.id)).not.toContain(model.id);
  });

  it('allows the same name in two workspaces but not twice in one', async () => {
    await repos.models.create(newModel(alpha.id, 'shared-name'));
    await expect(repos.models.create(newModel(beta.id, 'shared-name'))).resolves.toMatchObject({
      workspaceId: beta.id,
    });
    await expect(repos.models.create(newModel(alpha.id, 'shared-name'))).rejects.toMatchObject({ code: '23505' });
  });

  it('rejects a confidence threshold outside [0, 1]', async () => {
    await expect(
      repos.models.create(newModel(alpha.id, 'too-confident', { confidenceThreshold: 1.5 })),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('lists by id with offset, limit, totals and a status filter', async () => {
    const owner = await createWorkspace(repos, 'gamma');
    const statuses = ['deployed', 'archived', 'deployed', 'undeployed', 'deployed'] as const;
    const created = [];
    for (const [index, status] of statuses.entries()) {
      created.push(await repos.models.create(newModel(owner.id, `m${index}`, { status })));
    }
    const ids = created.map((m) => m.id);

    const first = await repos.models.list(owner.id, { offset: 0, limit: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(0, 2));
    const last = await repos.models.list(owner.id, { offset: 4, limit: 2 });
    expect(last).toMatchObject({ total: 5 });
    expect(last.items.map((m) => m.id)).toEqual(ids.slice(4));
    expect(await repos.models.list(owner.id, { offset: 10, limit: 2 })).toEqual({ items: [], total: 5 });

    const deployed = await repos.models.list(owner.id, { offset: 1, limit: 10 }, { status: 'deployed' });
    expect(deployed.total).toBe(3);
    expect(deployed.items.map((m) => m.id)).toEqual([ids[2], ids[4]]);
  });
});
