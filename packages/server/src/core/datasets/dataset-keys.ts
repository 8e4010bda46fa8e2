// Dataset public keys: integer id ↔ "ds_<id>".
import { notFound } from '../shared/domain-errors.js';

export const datasetKey = (id: number): string => `ds_${id}`;

/** Accepts "ds_<id>" or "<id>"; anything else names no dataset. */
export function parseDatasetKey(raw: string): number {
  const match = /^(?:ds_)?([1-9][0-9]{0,17})$/.exec(raw);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound(`dataset ${raw}`);
  return id;
}
