// A remote ticket as a dataset row: the field mapping picks the columns and metadata from the ticket's flattened fields.
import type { RemoteTicket } from '../ports/connector-sources.js';
import type { FieldMapping, MappedTicket } from '../ports/connectors.js';
import { ownValue } from '../shared/own-value.js';
import type { CellValue } from '../shared/types.js';

const cell = (value: string | number | boolean | null | undefined): CellValue =>
  value === undefined || value === null ? null : typeof value === 'boolean' ? String(value) : value;

export function mapTicket(ticket: RemoteTicket, mapping: FieldMapping): MappedTicket {
  const values: Record<string, CellValue> = {};
  for (const [column, field] of Object.entries(mapping.columns)) values[column] = cell(ownValue(ticket.fields, field));
  const metadata: Record<string, string> = {};
  for (const [key, field] of Object.entries(mapping.metadata)) {
    const value = cell(ownValue(ticket.fields, field));
    if (value !== null) metadata[key] = String(value);
  }
  return { remoteId: ticket.remoteId, remoteUpdatedAt: ticket.updatedAt, values, metadata };
}
