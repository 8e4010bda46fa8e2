// CSV fields for exports: RFC 4180 quoting, and the spreadsheet formula guard on text cells.
import type { CellValue } from '../../../core/shared/types.js';

/** What a spreadsheet may run as a formula when a text cell starts with it (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field with any of these must be quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: text guarded and quoted as needed, numbers as they are, null empty. */
export function csvField(value: CellValue | boolean): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One CSV line (CRLF ended) of fields. */
export function csvLine(fields: ReadonlyArray<CellValue | boolean>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
