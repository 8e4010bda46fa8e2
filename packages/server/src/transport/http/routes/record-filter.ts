// The records list's optional filters from the query (types and formats already checked by the contract).
import type { Request } from 'express';
import type { RecordFilter } from '../../../core/ports/repositories.js';

/** A query value the validator coerced (a boolean or a number) or left as text, as text; undefined when absent. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'boolean' || typeof value === 'number' ? `${value}` : undefined;

export function recordFilter(req: Request): RecordFilter {
  const { label, model_id: modelId, needs_review: needsReview, created_after, created_before } = req.query;
  const after = text(created_after);
  const before = text(created_before);
  const model = text(modelId);
  const review = text(needsReview);
  return {
    label: text(label),
    modelId: model === undefined ? undefined : Number(model),
    needsReview: review === undefined ? undefined : review === 'true',
    createdAfter: after === undefined ? undefined : new Date(after),
    createdBefore: before === undefined ? undefined : new Date(before),
  };
}
