// Checks shared by every endpoint that takes `texts` (beyond what the contract validates).
import { DomainError } from '../shared/domain-errors.js';

export const MAX_TEXTS_PER_REQUEST = 8;
export const MAX_TEXT_CHARS = 10_000;

export function assertUsableTexts(texts: string[], field = 'texts'): void {
  if (texts.length === 0 || texts.every((t) => t.trim() === '')) {
    throw new DomainError('EMPTY_TEXTS', `${field}: at least one non-empty string is required`);
  }
}
