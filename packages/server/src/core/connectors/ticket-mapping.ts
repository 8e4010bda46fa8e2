// A remote ticket as a dataset row: the field mapping picks the columns and metadata from the ticket's flattened fields.
import type { RemoteTicket } from '../ports/connector-sources.js';
import type { FieldMapping, MappedTicket } from '../ports/connectors.js';
import { ownValue } from '../shared/own-value.js';
import type { CellValue } from '../shared/types.js';

const cell = (value: string | number | boolean | null | undefined): CellValue =>
  value === undefined || value === null ? null : typeof value === 'boolean' ? String(value) : value;

export function mapTicket(ticket: RemoteTicket, mapping: FieldMapping): MappedTicket {
  // Object.fromEntries defines own properties: a column named "__proto__" is a column, never the prototype.
  const values: Record<string, CellValue> = Object.fromEntries(
    Object.entries(mapping.columns).map(([column, field]) => [column, cell(ownValue(ticket.fields, field))]),
  );
  const metadata: Record<string, string> = Object.fromEntries(
    Object.entries(mapping.metadata).flatMap(([key, field]) => {
      const value = cell(ownValue(ticket.fields, field));
      return value === null ? [] : [[key, String(value)]];
    }),
  );
  return { remoteId: ticket.remoteId, remoteUpdatedAt: ticket.updatedAt, values, metadata };
}
