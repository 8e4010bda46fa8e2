// A model's examples by id and its evaluation history on PGlite and PostgreSQL: pages by label, edits that keep the id, a taken text, deletions, evaluations newest first by version, settings on the model and its served version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Workspace } from '../../../core/shared/types.js';
import { createWorkspace, newModel } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

const page = { offset: 0, limit: 10 };
const measured = (n: number) => ({ accuracy: 1, f1_macro: 1, per_class: {}, evaluated_on: n });

describe.each(testTargets())('model examples and evaluations on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;
  let alpha: Workspace;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
    alpha = await createWorkspace(repos, 'alpha');
  });
  afterAll(() => database.dispose());

  it('pages examples by label (multi-label ones by any of their labels) and edits or deletes them by id', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'examples', { type: 'fine-tuned' }));
    await repos.lifecycle.addExamples(
      model.id,
      [
        { text: 'great', label: 'positive' },
        { text: 'awful', label: 'negative' },
        { text: 'mixed feelings', label: 'positive', labels: ['positive', 'negative'] },
      ],
      'api',
    );
    const all = await repos.examples.list(model.id, page, {});
    expect(all.total).toBe(3);
    expect(all.items.map((e) => e.text)).toEqual(['great', 'awful', 'mixed feelings']);
    const negative = await repos.examples.list(model.id, page, { label: 'negative' });
    expect(negative.items.map((e) => e.text)).toEqual(['awful', 'mixed feelings']);
    expect((await repos.examples.list(model.id, { offset: 1, limit: 1 }, {})).items.map((e) => e.text)).toEqual([
      'awful',
    ]);

    const [great, awful] = all.items;
    const edited = await repos.examples.update(
      model.id,
      great!.id,
      { text: 'really great', label: 'positive' },
      'edit',
    );
    expect(edited).toMatchObject({ id: great!.id, text: 'really great', source: 'edit' });
    expect(await repos.examples.update(model.id, great!.id, { text: 'awful', label: 'negative' }, 'edit')).toBe(
      'conflict',
    );
    expect(await repos.examples.get(model.id, great!.id)).toMatchObject({ text: 'really great', label: 'positive' });
    const other = await repos.models.create(newModel(alpha.id, 'other', { type: 'fine-tuned' }));
    expect(await repos.examples.update(other.id, great!.id, { text: 'x', label: 'positive' }, 'edit')).toBeUndefined();
    expect(await repos.examples.remove(other.id, awful!.id)).toBe(false);
    expect(await repos.examples.remove(model.id, awful!.id)).toBe(true);
    expect(await repos.lifecycle.exampleCounts(model.id)).toEqual({ positive: 2, negative: 1 });
  });

  it('keeps every evaluation, newest first, one version at a time', async () => {
    const model = await repos.models.create(newModel(alpha.id, 'evaluated'));
    for (const [version, n] of [
      [1, 5],
      [1, 7],
      [2, 9],
    ] as const)
      await repos.evaluations.add({
        modelId: model.id,
        version,
        metrics: measured(n),
        source: 'examples',
        datasetId: null,
      });
    const history = await repos.evaluations.list(model.id, page, {});
    expect(history.items.map((e) => [e.version, e.metrics.evaluated_on])).toEqual([
      [2, 9],
      [1, 7],
      [1, 5],
    ]);
    const first = await repos.evaluations.list(model.id, { offset: 1, limit: 1 }, { version: 1 });
    expect([first.total, first.items.map((e) => e.metrics.evaluated_on)]).toEqual([2, [5]]);
  });

  it("writes updateModel's settings to the model and its served version's config", async () => {
    const model = await repos.models.create(newModel(alpha.id, 'settings'));
    const config = { ...model.config, label_thresholds: { positive: 0.9 } };
    const updated = await repos.lifecycle.update(alpha.id, model.id, () => ({
      name: 'settings renamed',
      description: 'about settings',
      confidenceThreshold: 0.3,
      config,
    }));
    expect(updated).toMatchObject({
      name: 'settings renamed',
      description: 'about settings',
      confidenceThreshold: 0.3,
      config,
    });
    expect((await repos.lifecycle.getVersion(model.id, 1))?.config).toEqual(config);
  });
});
