// The languages of the multilingual encoder and the dictionaries each is built from (Debian FreeDict, EDICT, CC-CEDICT).
import type { LanguageScript } from '../tokenizer-config.js';
import type { StemmerName } from './stemmers.js';

export const DICTD_DIR = '/usr/share/dictd';

export interface LanguageSource {
  code: string;
  script: LanguageScript;
  stemmer: StemmerName | null;
  compounds: boolean;
  /** FreeDict pairs "xxx-eng": headword in this language, English translations. */
  fromEnglish?: string[] | undefined;
  /** FreeDict pairs "eng-xxx": English headword, translations in this language. */
  toEnglish?: string[] | undefined;
  /** FreeDict pairs "xxx-deu": translations into German, pivoted through the German vectors. */
  fromGerman?: string[] | undefined;
  /** FreeDict pairs "deu-xxx": German headword, translations in this language. */
  toGerman?: string[] | undefined;
  /** Dictionaries that are not FreeDict. */
  special?: 'edict' | 'cedict' | undefined;
}

/** German first: the others pivot through its vectors. */
export const LANGUAGE_SOURCES: readonly LanguageSource[] = [
  { code: 'de', script: 'latin', stemmer: 'german', compounds: true, fromEnglish: ['deu-eng'], toEnglish: ['eng-deu'] },
  { code: 'fr', script: 'latin', stemmer: 'french', compounds: false, fromEnglish: ['fra-eng'], toEnglish: ['eng-fra'], fromGerman: ['fra-deu'], toGerman: ['deu-fra'] },
  { code: 'es', script: 'latin', stemmer: 'spanish', compounds: false, fromEnglish: ['spa-eng'], toEnglish: ['eng-spa'], fromGerman: ['spa-deu'], toGerman: ['deu-spa'] },
  { code: 'it', script: 'latin', stemmer: 'italian', compounds: false, fromEnglish: ['ita-eng'], toEnglish: ['eng-ita'], fromGerman: ['ita-deu'], toGerman: ['deu-ita'] },
  { code: 'pt', script: 'latin', stemmer: 'portuguese', compounds: false, fromEnglish: ['por-eng'], toEnglish: ['eng-por'], fromGerman: ['por-deu'], toGerman: ['deu-por'] },
  { code: 'nl', script: 'latin', stemmer: 'dutch', compounds: true, fromEnglish: ['nld-eng'], toEnglish: ['eng-nld'], fromGerman: ['nld-deu'], toGerman: ['deu-nld'] },
  { code: 'pl', script: 'latin', stemmer: 'polish-suffixes', compounds: false, fromEnglish: ['pol-eng'], toEnglish: ['eng-pol'], fromGerman: ['pol-deu'], toGerman: ['deu-pol'] },
  { code: 'sv', script: 'latin', stemmer: 'swedish', compounds: true, fromEnglish: ['swe-eng'], toEnglish: ['eng-swe'], fromGerman: ['swe-deu'], toGerman: ['deu-swe'] },
  { code: 'tr', script: 'latin', stemmer: 'turkish', compounds: false, fromEnglish: ['tur-eng'], toEnglish: ['eng-tur'], fromGerman: ['tur-deu'], toGerman: ['deu-tur'] },
  { code: 'ru', script: 'cyrillic', stemmer: 'russian', compounds: false, toEnglish: ['eng-rus'], toGerman: ['deu-rus'] },
  { code: 'ja', script: 'kana', stemmer: null, compounds: false, special: 'edict' },
  { code: 'zh', script: 'han', stemmer: null, compounds: false, special: 'cedict' },
];

/** The Debian packages that install the FreeDict files above (for CI and the README). */
export function freedictPackages(sources: readonly LanguageSource[] = LANGUAGE_SOURCES): string[] {
  const pairs = sources.flatMap((s) => [...(s.fromEnglish ?? []), ...(s.toEnglish ?? []), ...(s.fromGerman ?? []), ...(s.toGerman ?? [])]);
  return [...new Set(pairs)].sort().map((pair) => `dict-freedict-${pair}`);
}
