// A version's held-out predictions: written with the version (in its transaction), read a row, a column or a cell of its confusion matrix at a time.
import { sql, type Kysely } from 'kysely';
import type { ModelLifecycleRepository } from '../../../core/ports/lifecycle.js';
import type { HeldOutFilter, HeldOutPrediction } from '../../../core/lifecycle/types.js';
import { toJson, type DatabaseSchema } from '../schema.js';
import { findUnstorable } from '../storable-fields.js';

/** Rows per INSERT: the rows travel as one JSON parameter, so this only bounds a statement's size. */
const INSERT_CHUNK = 1000;

/** Stores the held-out predictions of a new version; runs inside the caller's transaction. */
export async function insertHeldOut(
  db: Kysely<DatabaseSchema>,
  modelId: number,
  version: number,
  rows: readonly HeldOutPrediction[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK).map((row, at) => ({
      position: start + at,
      example_id: row.exampleId,
      text: row.text,
      label: row.label,
      predicted_label: row.predictedLabel,
      confidence: row.confidence,
    }));
    await sql`
      insert into model_version_held_out (model_id, version, position, example_id, text, label, predicted_label, confidence)
      select ${modelId}, ${version}, r.position, r.example_id::bigint, r.text, r.label, r.predicted_label, r.confidence
      from jsonb_to_recordset(${toJson(chunk)}::jsonb)
        as r(position integer, example_id text, text text, label text, predicted_label text, confidence double precision)`.execute(
      db,
    );
  }
}

export function createHeldOutStore(
  db: Kysely<DatabaseSchema>,
): Pick<ModelLifecycleRepository, 'heldOut' | 'keepsHeldOut'> {
  const ofVersion = (modelId: number, version: number, filter: HeldOutFilter) => {
    let scoped = db.selectFrom('model_version_held_out').where('model_id', '=', modelId).where('version', '=', version);
    if (filter.label !== undefined) scoped = scoped.where('label', '=', filter.label);
    if (filter.predictedLabel !== undefined) scoped = scoped.where('predicted_label', '=', filter.predictedLabel);
    return scoped;
  };
  return {
    async heldOut(modelId, version, page, filter) {
      // A label the database cannot store (checked against the version's labels before) is on no row.
      if ([filter.label, filter.predictedLabel].some((l) => l !== undefined && findUnstorable(l, 'label')))
        return { items: [], total: 0 };
      const [rows, counted] = await Promise.all([
        ofVersion(modelId, version, filter)
          .select(['example_id', 'text', 'label', 'predicted_label', 'confidence'])
          .orderBy('position')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        ofVersion(modelId, version, filter)
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((r) => ({
          exampleId: String(r.example_id),
          text: r.text,
          label: r.label,
          predictedLabel: r.predicted_label,
          confidence: r.confidence,
        })),
        total: Number(counted.total),
      };
    },

    async keepsHeldOut(modelId, version) {
      const row = await db
        .selectFrom('model_version_held_out')
        .select('position')
        .where('model_id', '=', modelId)
        .where('version', '=', version)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
