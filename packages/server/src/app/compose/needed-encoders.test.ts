// The encoders loaded at start: the default, the setting's, and those deployed models use in any workspace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../core/ports/repositories.js';
import { createWorkspace, newModel } from '../../adapters/storage/testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../../adapters/storage/testing/targets.js';
import { deployedModelEncoders, neededEncoders } from './needed-encoders.js';

describe.each(testTargets())('needed encoders on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  const tag = `t${process.pid}${Date.now()}`;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    const alpha = await createWorkspace(repos, `alpha-${tag}`);
    const beta = await createWorkspace(repos, `beta-${tag}`);
    const model = (ws: number, name: string, encoder: string, status: 'deployed' | 'undeployed' | 'archived') =>
      repos.models.create(
        newModel(ws, `${name}-${tag}`, { status, config: { encoder: `${encoder}-${tag}`, logitScale: 20 } }),
      );
    await model(alpha.id, 'a1', 'enc-a', 'deployed');
    await model(alpha.id, 'a2', 'enc-a', 'deployed');
    await model(alpha.id, 'a3', 'enc-undeployed', 'undeployed');
    await model(beta.id, 'b1', 'enc-b', 'deployed');
    await model(beta.id, 'b2', 'enc-archived', 'archived');
  });

  afterAll(() => database.dispose());

  it('collects the encoder of every deployed model, in every workspace, and no other', async () => {
    const ids = [...(await deployedModelEncoders(repos))].filter((id) => id.endsWith(tag)).sort();
    expect(ids).toEqual([`enc-a-${tag}`, `enc-b-${tag}`]);
  });

  it('puts the default first, then the setting, then the deployed models, each once', async () => {
    const ids = (await neededEncoders('default-x', ['pre-y', 'default-x'], repos)).filter(
      (id) => !id.includes('-t') || id.endsWith(tag),
    );
    expect(ids.slice(0, 2)).toEqual(['default-x', 'pre-y']);
    expect(ids).toEqual(expect.arrayContaining([`enc-a-${tag}`, `enc-b-${tag}`]));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
