// Datasets: create, get, list and setStatus, each confined to its workspace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Workspace } from '../../../core/shared/types.js';
import { DomainError } from '../../../core/shared/domain-errors.js';
import { createWorkspace, newDataset } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

describe.each(testTargets())('datasets on $label', (target) => {
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

  it('creates a ready, empty dataset and reads it back', async () => {
    const input = newDataset(alpha.id, 'reviews', {
      columns: [
        { name: 'body', type: 'text' },
        { name: 'score', type: 'number' },
        { name: 'at', type: 'timestamp' },
      ],
      textColumn: 'body',
      modelIds: [3, 1],
    });
    const created = await repos.datasets.create(input);
    expect(created).toEqual({
      ...input,
      id: expect.any(Number),
      status: 'ready',
      rowCount: 0,
      createdAt: expect.any(Date),
    });
    expect(await repos.datasets.get(alpha.id, created.id)).toEqual(created);
  });

  it('keeps datasets invisible to other workspaces', async () => {
    const dataset = await repos.datasets.create(newDataset(alpha.id, 'alpha-only'));
    expect(await repos.datasets.get(beta.id, dataset.id)).toBeUndefined();
    const betaList = await repos.datasets.list(beta.id, { offset: 0, limit: 100 });
    expect(betaList.items.map((d) => d.id)).not.toContain(dataset.id);
    await expect(repos.datasets.setStatus(beta.id, dataset.id, 'processing')).rejects.toBeInstanceOf(DomainError);
    expect((await repos.datasets.get(alpha.id, dataset.id))?.status).toBe('ready');
  });

  it('changes the status within the workspace', async () => {
    const dataset = await repos.datasets.create(newDataset(alpha.id, 'status-flip'));
    await repos.datasets.setStatus(alpha.id, dataset.id, 'processing');
    expect((await repos.datasets.get(alpha.id, dataset.id))?.status).toBe('processing');
    await repos.datasets.setStatus(alpha.id, dataset.id, 'ready');
    expect((await repos.datasets.get(alpha.id, dataset.id))?.status).toBe('ready');
  });

  it('reports a missing dataset as NOT_FOUND when setting its status', async () => {
    await expect(repos.datasets.setStatus(alpha.id, 987_654, 'ready')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists by id with offset, limit and totals', async () => {
    const owner = await createWorkspace(repos, 'gamma');
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await repos.datasets.create(newDataset(owner.id, `d${index}`))).id);
    }
    const page = await repos.datasets.list(owner.id, { offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.items.map((d) => d.id)).toEqual([ids[1]]);
    const all = await repos.datasets.list(owner.id, { offset: 0, limit: 20 });
    expect(all.items.map((d) => d.id)).toEqual(ids);
  });
});
