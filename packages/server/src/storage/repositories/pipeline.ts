// Pipeline repository: unclassified records of a job, and their results written once, together with their webhook outbox rows.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { PipelineRepository } from '../../core/pipeline-ports.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { toDatasetRecord } from './records.js';

/** A Standard Webhooks message id: the `webhook-id` of every attempt of one event. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

export function createPipelineRepository(db: Kysely<DatabaseSchema>): PipelineRepository {
  return {
    async unclassified(datasetId, ids) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('records').selectAll()
        .where('dataset_id', '=', datasetId).where('id', 'in', ids).where('classifications', 'is', null)
        .orderBy('id').execute();
      return rows.map(toDatasetRecord);
    },

    async saveResults(workspaceId, event, results) {
      if (results.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const endpoints = await trx.selectFrom('webhook_endpoints').select('id')
          .where('workspace_id', '=', workspaceId).where('enabled', '=', true)
          .where(sql<boolean>`events @> ${toJson([event])}::jsonb`)
          .orderBy('id').execute();
        const written: string[] = [];
        for (const result of results) {
          // `classifications is null` makes a retried or duplicated job a no-op for records already done.
          const updated = await trx.updateTable('records')
            .set({ classifications: toJson(result.classifications), needs_review: toJson(result.needsReview), skipped_models: toJson(result.skippedModels) })
            .where('id', '=', result.recordId).where('classifications', 'is', null)
            .returning('id').executeTakeFirst();
          if (!updated) continue;
          written.push(updated.id);
          const body = result.eventBody;
          if (body === null || endpoints.length === 0) continue;
          await trx.insertInto('webhook_deliveries')
            .values(endpoints.map((e) => ({ endpoint_id: e.id, event, message_id: newMessageId(), body })))
            .execute();
        }
        return written;
      });
    },
  };
}
