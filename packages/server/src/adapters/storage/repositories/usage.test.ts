// Quota usage: atomic reservations per workspace and billing period that never exceed the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace } from '../testing/fixtures.js';
import { openTestRepositories, testTargets, type TestDatabase } from '../testing/targets.js';

const march = new Date('2025-03-05T00:00:00.000Z');
const april = new Date('2025-04-05T00:00:00.000Z');

describe.each(testTargets())('quota usage on $label', (target) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    ({ database, repos } = await openTestRepositories(target));
  });

  afterAll(() => database.dispose());

  it('adds up reservations while they fit and refuses the one that would overflow', async () => {
    const { id } = await createWorkspace(repos);
    expect(await repos.usage.used(id, march)).toBe(0);
    expect(await repos.usage.tryConsume(id, march, 60, 100)).toBe(true);
    expect(await repos.usage.tryConsume(id, march, 40, 100)).toBe(true);
    expect(await repos.usage.tryConsume(id, march, 1, 100)).toBe(false);
    expect(await repos.usage.used(id, march)).toBe(100);
  });

  it('refuses a first reservation larger than the limit', async () => {
    const { id } = await createWorkspace(repos);
    expect(await repos.usage.tryConsume(id, march, 11, 10)).toBe(false);
    expect(await repos.usage.used(id, march)).toBe(0);
  });

  it('counts each billing period and each workspace apart', async () => {
    const one = await createWorkspace(repos);
    const two = await createWorkspace(repos);
    await repos.usage.tryConsume(one.id, march, 7, 10);
    await repos.usage.tryConsume(one.id, april, 3, 10);
    await repos.usage.tryConsume(two.id, march, 9, 10);
    expect(await repos.usage.used(one.id, march)).toBe(7);
    expect(await repos.usage.used(one.id, april)).toBe(3);
    expect(await repos.usage.used(two.id, march)).toBe(9);
  });

  it('never grants more than the limit to concurrent callers', async () => {
    const { id } = await createWorkspace(repos);
    const results = await Promise.all(Array.from({ length: 20 }, () => repos.usage.tryConsume(id, march, 10, 95)));
    expect(results.filter(Boolean)).toHaveLength(9);
    expect(await repos.usage.used(id, march)).toBe(90);
  });
});
