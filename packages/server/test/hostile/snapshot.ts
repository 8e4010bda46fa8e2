// What a workspace holds, read through the API: models, datasets and their rows, webhooks, keys, examples, versions, training jobs, usage.
import type { WorkspaceIds } from './fixtures.js';
import { call } from './fixtures.js';

export interface Snapshot {
  /** Ids of the keys not revoked. */
  activeKeyIds: number[];
  counts: { models: number; datasets: number; records: number; webhooks: number; activeKeys: number };
  /** Everything that only a request changes (nothing the background workers move on their own). */
  detail: string;
}

async function all(base: URL, key: string, target: string): Promise<any[]> {
  const items: any[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call(base, key, 'GET', `${target}${target.endsWith('&') ? '' : '?'}offset=${offset}&limit=100`);
    items.push(...page.data);
    if (!page.has_more) return items;
  }
}

export async function snapshot(base: URL, key: string, ids: WorkspaceIds): Promise<Snapshot> {
  const [models, datasets, webhooks, keys, fineTuned, versions, jobs, usage] = await Promise.all([
    all(base, key, '/v2/models?status=all&'),
    all(base, key, '/v2/datasets'),
    all(base, key, '/v2/webhooks'),
    all(base, key, '/v2/api-keys'),
    call(base, key, 'GET', `/v2/models/${ids.fineTunedId}`).catch(() => null),
    call(base, key, 'GET', `/v2/models/${ids.fineTunedId}/versions`).catch(() => null),
    call(base, key, 'GET', `/v2/models/${ids.fineTunedId}/training-jobs?limit=1`).catch(() => null),
    call(base, key, 'GET', '/v2/usage'),
  ]);
  const detail = {
    models: models.map((m) => [m.id, m.name, m.type, m.status]),
    datasets: datasets.map((d) => [d.id, d.name, d.columns, d.text_column, d.model_ids, d.row_count]),
    webhooks: webhooks.map((w) => [w.id, w.url, w.events, w.enabled, w.updated_at]),
    keys: keys.map((k) => [k.id, k.name, k.role, k.revoked_at]),
    fineTuned: fineTuned && [
      fineTuned.labels,
      fineTuned.training_examples,
      fineTuned.confidence_threshold,
      fineTuned.status,
    ],
    versions: versions && (versions.data ?? versions).length,
    jobs: jobs?.total,
    usage: usage.used,
  };
  return {
    activeKeyIds: keys.filter((k) => k.revoked_at === null).map((k) => k.id as number),
    counts: {
      models: models.length,
      datasets: datasets.length,
      records: datasets.reduce((sum, d) => sum + Number(d.row_count), 0),
      webhooks: webhooks.length,
      activeKeys: keys.filter((k) => k.revoked_at === null).length,
    },
    detail: JSON.stringify(detail),
  };
}

/** Names the parts of two snapshots' details that differ. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const a = JSON.parse(before.detail) as Record<string, unknown>;
  const b = JSON.parse(after.detail) as Record<string, unknown>;
  return Object.keys(a)
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => `${k}: ${JSON.stringify(a[k]).slice(0, 300)} → ${JSON.stringify(b[k]).slice(0, 300)}`);
}
