// Flattens a remote ticket's JSON into the port's field table: nested objects as dotted paths, lists of plain values joined.
import type { RemoteTicket } from '../../core/ports/connector-sources.js';

export type FieldTable = RemoteTicket['fields'];

const isPlain = (v: unknown): v is string | number | boolean | null =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * A null-prototype table (field names come from the remote and may be anything) of each `[prefix, value]`: strings,
 * numbers, booleans and null as they are; objects by their keys (`custom_fields.priority`); lists of plain values
 * joined with ", " (tags); lists of objects are left to the vendor's adapter.
 */
export function flattenFields(entries: [string, unknown][]): FieldTable {
  const table = Object.create(null) as FieldTable;
  const add = (prefix: string, value: unknown): void => {
    if (isPlain(value)) {
      if (prefix !== '') table[prefix] = value;
    } else if (Array.isArray(value)) {
      if (prefix !== '' && value.every(isPlain)) table[prefix] = value.filter((v) => v !== null).join(', ');
    } else if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value as object)) add(prefix === '' ? key : `${prefix}.${key}`, inner);
    }
  };
  for (const [prefix, value] of entries) add(prefix, value);
  return table;
}
