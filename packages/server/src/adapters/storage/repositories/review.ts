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
      insert into review_items (model_id, record_id, confidence, predictions, classified_at)
      select v.m, v.r, v.c, v.p, now()
      from jsonb_to_recordset(${toJson(items.slice(start, start + ITEM_CHUNK))}::jsonb)
        as v(m integer, r bigint, c double precision, p jsonb)
      where exists (select 1 from models where models.id = v.m)
      on conflict do nothing`.execute(db);
  }
}

export function createReviewRepository(db: Kysely<DatabaseSchema>): ReviewRepository {
  return {
    async queue(workspaceId, modelId, page, datasetId) {
      const open = db
        .selectFrom('review_items as i')
        .innerJoin('records as r', 'r.id', 'i.record_id')
        .innerJoin('datasets as d', 'd.id', 'r.dataset_id')
        .where('i.model_id', '=', modelId)
        .where('i.answered_at', 'is', null)
        .where('d.workspace_id', '=', workspaceId)
        .$if(datasetId !== undefined, (q) => q.where('r.dataset_id', '=', datasetId as number));
      const [rows, counted] = await Promise.all([
        open
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
          // The order of review_items_open_idx: a page is read from the index, never a sort of the whole queue.
          .orderBy('i.confidence', (o) => o.asc().nullsLast())
          .orderBy('i.record_id')
          .offset(page.offset)
          .limit(page.limit)
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
          insert into review_items (model_id, record_id, answered_label, answered_at)
          values (${modelId}, ${recordId}, ${label}, now())
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
