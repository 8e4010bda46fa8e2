// Remembered languages: the same answers as the detector, asked once per recent sample; failures and old samples asked again.
import { describe, expect, it } from 'vitest';
import type { LanguageDetector } from '../ports/encoders.js';
import { detectRequestLanguage, RememberedLanguages } from './language.js';

function recording(answer: (text: string) => string): LanguageDetector & { asked: string[] } {
  const asked: string[] = [];
  return { asked, detect: (text) => (asked.push(text), answer(text)) };
}

describe('RememberedLanguages', () => {
  it('answers what the detector answers, asking it once per recent sample', () => {
    const detector = recording((text) => (text.includes('der') ? 'de' : 'en'));
    const remembered = new RememberedLanguages(detector, 2);
    for (let round = 0; round < 3; round++) {
      expect(detectRequestLanguage(remembered, ['der Vertrag'])).toBe('de');
      expect(detectRequestLanguage(remembered, ['the contract', ' '])).toBe('en');
    }
    expect(detector.asked).toEqual(['der Vertrag', 'the contract']);
    // A third sample pushes out the least recently used one, which is then asked again.
    expect(remembered.detect('other text')).toBe('en');
    expect(remembered.detect('der Vertrag')).toBe('de');
    expect(detector.asked).toEqual(['der Vertrag', 'the contract', 'other text', 'der Vertrag']);
  });

  it('does not remember a detector that fails (still loading)', () => {
    let loaded = false;
    const detector = recording(() => {
      if (!loaded) throw new Error('language identification is loading');
      return 'fr';
    });
    const remembered = new RememberedLanguages(detector, 8);
    expect(() => remembered.detect('le contrat')).toThrow(/loading/);
    loaded = true;
    expect(remembered.detect('le contrat')).toBe('fr');
    expect(remembered.detect('le contrat')).toBe('fr');
    expect(detector.asked).toEqual(['le contrat', 'le contrat']);
  });
});
