// A webhook endpoint with a backlog of due deliveries written straight to the outbox, for the dispatcher's tests.
import type { WebhookEndpoint } from '../../../core/ports/pipeline.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import { createWorkspace } from './fixtures.js';
import type { TestDatabase } from './targets.js';

/** A new workspace's enabled endpoint at `url` (event 'x') with `n` pending deliveries, due now, in id order. */
export async function createBackloggedEndpoint(
  database: TestDatabase,
  repos: Repositories,
  url: string,
  n: number,
): Promise<WebhookEndpoint> {
  const workspace = await createWorkspace(repos);
  const endpoint = await repos.webhooks.create({
    workspaceId: workspace.id,
    url,
    events: ['x'],
    enabled: true,
    secret: 'whsec_dGVzdA==',
  });
  await database.db
    .insertInto('webhook_deliveries')
    .values(
      Array.from({ length: n }, (_, i) => ({
        endpoint_id: endpoint.id,
        event: 'x',
        message_id: `m${endpoint.id}_${i}`,
        body: '{}',
      })),
    )
    .execute();
  return endpoint;
}
