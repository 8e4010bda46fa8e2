// How a workspace's counts may move after a write: by its delta when it succeeded; by that delta or nothing when TCP lost its answer (the server closed on bytes past Content-Length), once what it may have started has settled.
import { call, type WorkspaceIds } from './fixtures.js';
import type { ContractOperation } from './contract.js';
import type { Draft } from './arbitraries.js';
import type { Snapshot } from './snapshot.js';

/** How the counts may move after one successful write. */
export function expectedDelta(op: ContractOperation, draft: Draft, before: Snapshot, upload?: any) {
  const delta = { models: 0, datasets: 0, records: 0, webhooks: 0, activeKeys: 0 };
  switch (op.id) {
    case 'createModel':
    case 'importModel':
      delta.models = 1;
      break;
    case 'deleteModel':
      delta.models = -1;
      break;
    case 'createDataset':
      delta.datasets = 1;
      break;
    case 'pushDatasetRecord':
      delta.records = 1;
      break;
    case 'addDatasetItems':
      delta.records = (
        JSON.parse((draft.plain ?? draft.body)!.toString().replace(/^\uFEFF/, '')) as { rows: unknown[] }
      ).rows.length;
      break;
    case 'uploadDatasetFile':
      delta.records = upload?.rows_stored ?? 0;
      break;
    case 'createWebhook':
      delta.webhooks = 1;
      break;
    case 'deleteWebhook':
      delta.webhooks = -1;
      break;
    case 'createApiKey':
      delta.activeKeys = 1;
      break;
    case 'revokeApiKey':
      delta.activeKeys = before.activeKeyIds.includes(Number(draft.path.key_id)) ? -1 : 0;
      break;
  }
  return delta;
}

/** Waits for what a write of `opId` may have started without an answer: the newest training job, the uploads. */
export async function settleUnanswered(base: URL, key: string, ids: WorkspaceIds, opId: string): Promise<void> {
  const busy = async () => {
    if (opId === 'trainModel') {
      const jobs = await call(base, key, 'GET', `/v2/models/${ids.fineTunedId}/training-jobs?limit=1`);
      return ['queued', 'running'].includes(jobs.data[0]?.status);
    }
    if (opId === 'uploadDatasetFile') {
      const uploads = await call(base, key, 'GET', `/v2/datasets/ds_${ids.datasetId}/uploads?limit=100`);
      return uploads.data.some((u: { status: string }) => u.status === 'processing');
    }
    return false;
  };
  while (await busy()) await new Promise((r) => setTimeout(r, 50));
}

/**
 * What is wrong with the counts after a batch that ends in a lost answer: they must be the counts before, or those
 * plus the one write's `delta` (an upload's rows are not known without its answer: any count of records passes).
 */
export function lostAnswerCounts(
  before: Snapshot,
  after: Snapshot,
  delta: Record<keyof Snapshot['counts'], number>,
  anyRecords: boolean,
): string | undefined {
  const counts = (times: number) =>
    Object.fromEntries(
      Object.entries(before.counts).map(([k, v]) => [
        k,
        anyRecords && k === 'records' ? 0 : v + times * delta[k as keyof typeof delta],
      ]),
    );
  const found = JSON.stringify({ ...after.counts, ...(anyRecords ? { records: 0 } : {}) });
  const none = JSON.stringify(counts(0));
  const one = JSON.stringify(counts(1));
  return found === none || found === one ? undefined : `expected ${none} or ${one}, found ${found}`;
}
