// One detected language for a request: the language of its texts taken together; recent answers remembered.
import type { LanguageDetector } from '../ports/encoders.js';
import { LruMap } from '../shared/lru-map.js';

/** fastText costs ~0.2 µs per character here; 300 characters identify a language reliably. */
const SAMPLE_CHARS = 300;

export function detectRequestLanguage(detector: LanguageDetector, texts: string[]): string {
  const sample = texts
    .filter((t) => t.trim() !== '')
    .join(' \n ')
    .slice(0, SAMPLE_CHARS);
  return detector.detect(sample);
}

/**
 * A detector that remembers the answers for the last `maxSamples` samples (at most 300 characters each, the request
 * samples above): identification is deterministic, so a repeated text, which the embedding cache answers without the
 * model, no longer pays ~0.2 µs a character for its language. A failing detector (still loading) is not remembered.
 */
export class RememberedLanguages implements LanguageDetector {
  private readonly recent: LruMap<string, string>;

  constructor(
    private readonly detector: LanguageDetector,
    maxSamples: number,
  ) {
    this.recent = new LruMap(maxSamples);
  }

  detect(text: string): string {
    const known = this.recent.get(text);
    if (known !== undefined) return known;
    const language = this.detector.detect(text);
    this.recent.set(text, language);
    return language;
  }
}
