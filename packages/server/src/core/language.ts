// One detected language for a request: the language of its texts taken together.
import type { LanguageDetector } from './ports.js';

const SAMPLE_CHARS = 2_000;

export function detectRequestLanguage(detector: LanguageDetector, texts: string[]): string {
  const sample = texts.filter((t) => t.trim() !== '').join(' \n ').slice(0, SAMPLE_CHARS);
  return detector.detect(sample);
}
