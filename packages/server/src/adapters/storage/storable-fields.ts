// Refuses text PostgreSQL cannot store (U+0000 anywhere, unpaired UTF-16 surrogates in jsonb) before it reaches SQL.
import { invalid } from '../../core/shared/domain-errors.js';
import { isStorableText } from '../../core/shared/storable-text.js';

/** The path of the first string (or object key) inside `value` that cannot be stored, if any. */
export function findUnstorable(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = !isStorableText(key) ? path : findUnstorable(item, path === '' ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Throws INVALID_PARAMETER naming the field (e.g. `labels[1].name`) when any text in `fields` cannot be stored. */
export function assertStorable(fields: Record<string, unknown>, context = ''): void {
  const found = findUnstorable(fields, '');
  if (found === undefined) return;
  const suffix = context === '' ? '' : ` (${context})`;
  throw invalid(found || 'body', `contains U+0000 or an unpaired UTF-16 surrogate, which cannot be stored${suffix}`);
}
