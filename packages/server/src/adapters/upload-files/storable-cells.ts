// Finds a row value that PostgreSQL cannot store (U+0000, an unpaired UTF-16 surrogate), so the upload fails at that line.
import type { CellValue } from '../../core/shared/types.js';

const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The name of the first column whose text cannot be stored, if any. */
export function unstorableColumn(values: Record<string, CellValue>): string | undefined {
  for (const [column, value] of Object.entries(values)) {
    if (typeof value === 'string' && UNSTORABLE.test(value)) return column;
  }
  return undefined;
}
