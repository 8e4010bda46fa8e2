// One detected language for a request: the language of its texts taken together.
import type { LanguageDetector } from '../ports/encoders.js';

/** fastText costs ~0.2 µs per character here; 300 characters identify a language reliably. */
const SAMPLE_CHARS = 300;

export function detectRequestLanguage(detector: LanguageDetector, texts: string[]): string {
  const sample = texts
    .filter((t) => t.trim() !== '')
    .join(' \n ')
    .slice(0, SAMPLE_CHARS);
  return detector.detect(sample);
}
