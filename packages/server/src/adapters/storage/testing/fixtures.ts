// Builders of valid repository inputs for storage tests.
import { createHash } from 'node:crypto';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { NewDataset, NewModel, Workspace } from '../../../core/shared/types.js';

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export function newModel(workspaceId: number, name: string, overrides: Partial<NewModel> = {}): NewModel {
  return {
    workspaceId,
    name,
    type: 'zero-shot',
    status: 'deployed',
    labels: [
      { name: 'positive', descriptions: ['good'] },
      { name: 'negative', descriptions: [] },
    ],
    config: { encoder: 'static-en', logitScale: 20 },
    metrics: { accuracy: null, f1_macro: null, per_class: {} },
    trainingExamples: 0,
    lastTrained: null,
    confidenceThreshold: 0.5,
    ...overrides,
  };
}

export function newDataset(workspaceId: number, name: string, overrides: Partial<NewDataset> = {}): NewDataset {
  return {
    workspaceId,
    name,
    columns: [
      { name: 'text', type: 'text' },
      { name: 'stars', type: 'number' },
    ],
    textColumn: 'text',
    modelIds: [],
    ...overrides,
  };
}

let counter = 0;

/** A workspace with a unique name on the starter plan. */
export async function createWorkspace(repos: Repositories, name = `ws-${++counter}-${Date.now()}`): Promise<Workspace> {
  return repos.workspaces.create({
    name,
    plan: 'starter',
    rateLimitPerMinute: null,
    monthlyQuota: null,
    billingCycleDay: 1,
  });
}

/** Inserts an admin key with a random hash into the workspace; returns the hash (what a caller lookup takes) and id. */
export async function insertTestKey(
  repos: Repositories,
  workspaceId: number,
  name: string,
): Promise<{ hash: string; id: number }> {
  const hash = sha256Hex(`${name}-${Math.random()}`);
  const record = await repos.apiKeys.insert({
    workspaceId,
    prefix: 'tc_test',
    lastFour: 'abcd',
    keyHash: hash,
    role: 'admin',
    name,
  });
  return { hash, id: record.id };
}
