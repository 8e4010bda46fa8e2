// Review queue storage: per-model review items written with the classification results, read least confident first through a partial index, answered once.
import { sql, type Kysely } from 'kysely';
import type { RecordResult } from '../../../core/ports/pipeline.js';
import type { ReviewRepository } from '../../../core/ports/review.js';
import { ownValue } from '../../../core/shared/own-value.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { upsertExamples } from './model-lifecycle.js';
import { toDatasetRecord } from './records.js';

/** Items per INSERT (4 fields each, one jsonb parameter). */
const ITEM_CHUNK = 1000;

/** The source of the examples a review answer stores. */
export const REVIEW_SOURCE = 'review';

/** Queues the written results' flagged models, with the model's confidence and best labels (inside saveResults' transaction). */
export async function enqueueForReview(db: Kysely<DatabaseSchema>, written: RecordResult[]): Promise<void> {
  const items = written.flatMap((result) =>
    result.needsReview.map((modelId) => ({
      m: Number(modelId),
      r: result.recordId,
      c: ownValue(result.classifications, modelId)?.confidence ?? null,
      p: (result.topPredictions && ownValue(result.topPredictions, modelId)) ?? [],
    })),
  );
  for (let start = 0; start < items.length; start += ITEM_CHUNK) {
    // A model deleted while the job ran has no queue; its id is skipped rather than failing the results.
    await sql`
      insert into review_items (model_id, record_id, dataset_id, confidence, predictions, classified_at)
      select v.m, v.r, records.dataset_id, v.c, v.p, now()
      from jsonb_to_recordset(${toJson(items.slice(start, start + ITEM_CHUNK))}::jsonb)
        as v(m integer, r bigint, c double precision, p jsonb)
      join records on records.id = v.r
      where exists (select 1 from models where models.id = v.m)
      on conflict do nothing`.execute(db);
  }
}

export function createReviewRepository(db: Kysely<DatabaseSchema>): ReviewRepository {
  return {
    async queue(workspaceId, modelId, page, datasetId) {
      // The page and the count read review_items alone, from its partial indexes (by model, or by model and dataset,
      // in queue order); only the page's rows are joined to their records. A model's items come only from datasets
      // of its workspace (a dataset's models are the workspace's), and the join checks it again.
      const open = db
        .selectFrom('review_items')
        .where('model_id', '=', modelId)
        .where('answered_at', 'is', null)
        .$if(datasetId !== undefined, (q) => q.where('dataset_id', '=', datasetId as number))
        .where((eb) =>
          eb.exists(
            eb.selectFrom('models').select('id').where('id', '=', modelId).where('workspace_id', '=', workspaceId),
          ),
        );
      const pageItems = open
        .select(['record_id', 'confidence', 'predictions', 'classified_at'])
        .orderBy('confidence', (o) => o.asc().nullsLast())
        .orderBy('record_id')
        .offset(page.offset)
        .limit(page.limit);
      const [rows, counted] = await Promise.all([
        db
          .with('page', () => pageItems)
          .selectFrom('page as i')
          .innerJoin('records as r', 'r.id', 'i.record_id')
          .innerJoin('datasets as d', 'd.id', 'r.dataset_id')
          .where('d.workspace_id', '=', workspaceId)
          .select([
            'i.record_id',
            'i.confidence',
            'i.predictions',
            'i.classified_at',
            'r.dataset_id',
            'r.values',
            sql<
              string | null
            >`case when jsonb_typeof(r.values -> d.text_column) = 'string' then r.values ->> d.text_column end`.as(
              'text',
            ),
          ])
          .orderBy('i.confidence', (o) => o.asc().nullsLast())
          .orderBy('i.record_id')
          .execute(),
        open.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(counted.total),
        items: rows.map((row) => ({
          recordId: String(row.record_id),
          datasetId: row.dataset_id,
          text: row.text,
          values: row.values,
          confidence: row.confidence,
          predictions: row.predictions,
          classifiedAt: row.classified_at,
        })),
      };
    },

    async record(workspaceId, recordId) {
      const row = await db
        .selectFrom('records as r')
        .innerJoin('datasets as d', 'd.id', 'r.dataset_id')
        .selectAll('r')
        .select('d.text_column')
        .where('r.id', '=', recordId)
        .where('d.workspace_id', '=', workspaceId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { text_column: textColumn, ...record } = row;
      return { record: toDatasetRecord(record), textColumn };
    },

    async answer(modelId, recordId, label, text) {
      return db.transaction().execute(async (trx) => {
        // Only an open item (or none: a record the model never flagged) takes the answer; an answered one stays.
        const { rows } = await sql<{ record_id: string }>`
          insert into review_items (model_id, record_id, dataset_id, answered_label, answered_at)
          select ${modelId}, id, dataset_id, ${label}, now() from records where id = ${recordId}
          on conflict (model_id, record_id) do update
            set answered_label = excluded.answered_label, answered_at = excluded.answered_at
            where review_items.answered_at is null
          returning record_id`.execute(trx);
        if (rows.length === 0) {
          const first = await trx
            .selectFrom('review_items')
            .select('answered_label')
            .where('model_id', '=', modelId)
            .where('record_id', '=', recordId)
            .executeTakeFirstOrThrow();
          return { stored: false, label: first.answered_label ?? label };
        }
        await upsertExamples(trx, modelId, [{ text, label }], REVIEW_SOURCE);
        await sql`update records set needs_review = needs_review - ${String(modelId)}::text where id = ${recordId}`.execute(
          trx,
        );
        return { stored: true, label };
      });
    },
  };
}
