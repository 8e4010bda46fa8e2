// What the connector storage tests share: a remote system in memory, a plain cipher, and a connector set up over a fresh workspace with a runner that classifies in place.
import { sql } from 'kysely';
import { ConnectorSyncRunner, DEFAULT_SYNC_OPTIONS } from '../../../core/connectors/sync-runner.js';
import { classificationJobs } from '../../../core/datasets/classification-jobs.js';
import type {
  RemoteSystemError,
  ConnectorEndpoint,
  ConnectorSource,
  LabelWrite,
  RemoteTicket,
  TicketPage,
} from '../../../core/ports/connector-sources.js';
import type { Connector, ConnectorRepository, CredentialCipher } from '../../../core/ports/connectors.js';
import type { Repositories } from '../../../core/ports/repositories.js';
import type { Dataset, Model } from '../../../core/shared/types.js';
import type { TestDatabase } from './targets.js';
import { createWorkspace, newDataset, newModel } from './fixtures.js';

/** A remote system in memory: tickets ordered by a change counter (the cursor), pages of `pageSize`, writes keyed by marker. */
export class MemorySource implements ConnectorSource {
  readonly type = 'zendesk' as const;
  private clock = 0;
  readonly tickets = new Map<string, { ticket: RemoteTicket; changed: number }>();
  readonly writes: LabelWrite[] = [];
  readonly markers = new Set<string>();
  /** What the runner opened the source with (type, base URL, credentials, the mapping's fields). */
  readonly opened: ConnectorEndpoint[] = [];
  fetches: Array<string | null> = [];
  failFetch: RemoteSystemError | undefined;
  failFetchAfter = Infinity;
  failWrite: RemoteSystemError | undefined;
  /** Writes made before `failWrite` applies. */
  failWriteAfter = 0;

  constructor(private readonly pageSize = 3) {}

  put(remoteId: string, subject: string): void {
    this.clock += 1;
    this.tickets.set(remoteId, {
      ticket: { remoteId, updatedAt: new Date(this.clock * 1000).toISOString(), fields: { subject, priority: 'high' } },
      changed: this.clock,
    });
  }

  async fetchPage(cursor: string | null): Promise<TicketPage> {
    this.fetches.push(cursor);
    if (this.failFetch && this.fetches.length > this.failFetchAfter) throw this.failFetch;
    const after = cursor === null ? 0 : Number(cursor);
    const due = [...this.tickets.values()].filter((t) => t.changed > after).sort((a, b) => a.changed - b.changed);
    const page = due.slice(0, this.pageSize);
    return {
      tickets: page.map((t) => t.ticket),
      cursor: String(page.at(-1)?.changed ?? after),
      done: due.length <= this.pageSize,
    };
  }

  async writeBack(write: LabelWrite) {
    if (this.failWrite && this.writes.length >= this.failWriteAfter) throw this.failWrite;
    if (this.markers.has(write.marker)) return 'already_present' as const;
    this.markers.add(write.marker);
    this.writes.push(write);
    return 'written' as const;
  }
}

/** Opens what it is given: the repository stores the text as it is sealed. */
export const plainCipher: CredentialCipher = { seal: (t) => `v1:${t}`, open: (s) => s.slice(3) };

/** The connector helpers of one test database. */
export function connectorKit(kit: {
  database: () => TestDatabase;
  repos: () => Repositories;
  connectors: () => ConnectorRepository;
}) {
  /** Classifies every unclassified record of the dataset: "positive" at 0.9, or at 0.3 (needs review) when the subject says "unsure". */
  async function classifyAll(dataset: Dataset, model: Model): Promise<void> {
    const page = await kit.repos().records.list(dataset.id, { offset: 0, limit: 10_000 });
    const pending = page.items.filter((r) => r.classifications === null);
    await kit.repos().pipeline.saveResults(
      dataset.workspaceId,
      pending.map((r) => {
        const unsure = String(r.values.text).includes('unsure');
        return {
          recordId: r.id,
          classifications: { [model.id]: { label: 'positive', confidence: unsure ? 0.3 : 0.9 } },
          needsReview: unsure ? [String(model.id)] : [],
          skippedModels: {},
          failedModels: {},
          event: null,
        };
      }),
    );
  }

  async function setup(source: MemorySource, options: { owner?: string; leaseMs?: number } = {}) {
    // claimDue takes any due connector of the database: the earlier tests' connectors are put aside.
    await sql`update connectors set enabled = false`.execute(kit.database().db);
    const workspace = await createWorkspace(kit.repos());
    const model = await kit.repos().models.create(newModel(workspace.id, 'topic'));
    const dataset = await kit.repos().datasets.create(newDataset(workspace.id, 'tickets', { modelIds: [model.id] }));
    const connector = await kit.connectors().create({
      workspaceId: workspace.id,
      type: 'zendesk',
      name: 'support',
      baseUrl: 'https://acme.zendesk.example',
      sealedCredentials: plainCipher.seal(JSON.stringify({ email: 'a@b.example', api_token: 't' })),
      datasetId: dataset.id,
      fieldMapping: { columns: { text: 'subject' }, metadata: { priority: 'priority' } },
      intervalSeconds: 300,
      writeBack: { enabled: true, modelIds: [model.id], mode: 'tags', field: null },
      enabled: true,
    });
    const runner = (owner = options.owner ?? 'process-a') =>
      new ConnectorSyncRunner(
        {
          connectors: kit.connectors(),
          models: kit.repos().models,
          sources: (endpoint) => {
            source.opened.push(endpoint);
            return source;
          },
          cipher: plainCipher,
          jobsFor: classificationJobs,
          events: { runFinished: () => undefined },
          // Waiting for the classification worker: classify here instead.
          sleep: () => classifyAll(dataset, model),
        },
        { ...DEFAULT_SYNC_OPTIONS, owner, leaseMs: options.leaseMs ?? 60_000, classificationWaitMs: 5_000 },
      );
    return { workspace, model, dataset, connector, runner };
  }

  const due = (c: Connector) => kit.connectors().requestSync(c.workspaceId, c.id);
  const runs = (c: Connector) =>
    kit
      .connectors()
      .listRuns(c.id, { offset: 0, limit: 100 })
      .then((p) => p.items);
  const records = (d: Dataset) =>
    kit
      .repos()
      .records.list(d.id, { offset: 0, limit: 1000 })
      .then((p) => p.items);

  return { classifyAll, setup, due, runs, records };
}
