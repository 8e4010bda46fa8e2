// The pipeline's backlog as the database holds it: unfinished jobs by kind with their oldest age, processing uploads, pending webhook deliveries.
import { sql, type Kysely } from 'kysely';
import {
  JOB_KIND_OF_QUEUE,
  JOB_KINDS,
  type JobKind,
  type PipelineBacklog,
  type PipelineStats,
} from '../../../core/ports/pipeline-events.js';
import type { DatabaseSchema } from '../schema.js';
import { ownValue } from '../../../core/shared/own-value.js';
import { CLASSIFY_RECORDS_JOB } from '../../../core/datasets/classification-jobs.js';

interface KindRow {
  kind: string;
  pending: number;
  oldest: number | null;
}

/** Ages are measured with the database's clock, so processes on other hosts report the same figures. */
export function createPipelineStats(db: Kysely<DatabaseSchema>): PipelineStats {
  return {
    async backlog({ countWebhooks = true } = {}): Promise<PipelineBacklog> {
      const webhooks = countWebhooks
        ? sql`union all select 'webhook_delivery', count(*)::int, null from webhook_deliveries where status = 'pending'`
        : sql``;
      const { rows } = await sql<KindRow>`
        select kind, count(*)::int as pending, extract(epoch from now() - min(created_at))::float8 as oldest
        from jobs where failed_at is null group by kind
        union all
        select 'upload', count(*)::int, extract(epoch from now() - min(created_at))::float8
        from uploads where status = 'processing'
        ${webhooks}`.execute(db);
      const jobs = new Map<JobKind, { pending: number; oldestAgeSeconds: number }>(
        JOB_KINDS.map((kind) => [kind, { pending: 0, oldestAgeSeconds: 0 }]),
      );
      let webhookBacklog: number | undefined;
      for (const row of rows) {
        if (row.kind === 'webhook_delivery') {
          webhookBacklog = Number(row.pending);
          continue;
        }
        const kind = row.kind === 'upload' ? 'upload' : ownValue(JOB_KIND_OF_QUEUE, row.kind);
        const entry = kind === undefined ? undefined : jobs.get(kind);
        if (!entry) continue;
        entry.pending += Number(row.pending);
        entry.oldestAgeSeconds = Math.max(entry.oldestAgeSeconds, Math.max(0, Number(row.oldest ?? 0)));
      }
      const figures = [...jobs].map(([kind, figure]) => ({ kind, ...figure }));
      return webhookBacklog === undefined ? { jobs: figures } : { jobs: figures, webhookBacklog };
    },
  };
}

/** Rows in unfinished classification jobs (what the back-pressure bound counts), across every process. */
export function createPendingRowsProbe(db: Kysely<DatabaseSchema>): () => Promise<number> {
  return async () => {
    const { rows } = await sql<{ n: string | number | null }>`
      select coalesce(sum(jsonb_array_length(payload -> 'record_ids')), 0) as n
      from jobs where kind = ${CLASSIFY_RECORDS_JOB} and failed_at is null`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
}
