// Finds a row value that PostgreSQL cannot store (U+0000, an unpaired UTF-16 surrogate), so the upload fails at that line.
import { isStorableText } from '../../core/shared/storable-text.js';
import type { CellValue } from '../../core/shared/types.js';

/** The name of the first column whose text cannot be stored, if any. */
export function unstorableColumn(values: Record<string, CellValue>): string | undefined {
  for (const [column, value] of Object.entries(values)) {
    if (typeof value === 'string' && !isStorableText(value)) return column;
  }
  return undefined;
}
