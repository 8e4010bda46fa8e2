// A dataset's records narrowed by the records list's filters: a model's top label, needs-review, a creation window.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { RecordFilter } from '../../../core/ports/repositories.js';
import type { DatabaseSchema } from '../schema.js';
import { findUnstorable } from '../storable-fields.js';

/** Whether no record can match: a label the database cannot store is on none. */
export const matchesNothing = (filter: RecordFilter): boolean =>
  filter.label !== undefined && findUnstorable(filter.label, 'label') !== undefined;

/** The query with every filter given applied. */
export function filterRecords<O>(
  query: SelectQueryBuilder<DatabaseSchema, 'records', O>,
  filter: RecordFilter,
): SelectQueryBuilder<DatabaseSchema, 'records', O> {
  let scoped = query;
  const model = filter.modelId === undefined ? undefined : String(filter.modelId);
  if (filter.label !== undefined)
    scoped = scoped.where(
      model === undefined
        ? sql<boolean>`exists (select 1 from jsonb_each(classifications) as c where c.value ->> 'label' = ${filter.label})`
        : sql<boolean>`classifications -> ${model} ->> 'label' = ${filter.label}`,
    );
  // "Needs review" restates the partial index's predicate (records_needs_review_idx), so the planner may use it.
  const flagged = sql<boolean>`needs_review <> '[]'::jsonb${model === undefined ? sql`` : sql` and needs_review ? ${model}`}`;
  if (filter.needsReview === true) scoped = scoped.where(flagged);
  if (filter.needsReview === false) scoped = scoped.where(sql<boolean>`not (${flagged})`);
  if (filter.createdAfter !== undefined) scoped = scoped.where('created_at', '>=', filter.createdAfter);
  if (filter.createdBefore !== undefined) scoped = scoped.where('created_at', '<', filter.createdBefore);
  return scoped;
}
