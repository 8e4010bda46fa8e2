// The languages of the multilingual encoder and the dictionaries each is built from (Debian FreeDict, EDICT, CC-CEDICT).
import type { LanguageScript, StemmerName } from '@textclass/server/inference';

export const DICTD_DIR = '/usr/share/dictd';

/**
 * One FreeDict pair "xxx-yyy". `via`: the language whose vectors the translations are looked up in (English, or a
 * language built earlier). `headword`: 'this' when the headwords are in the language being built (xxx-via),
 * 'via' when they are in the pivot language and the translations in this one (via-xxx).
 */
export interface DictionarySource {
  pair: string;
  via: string;
  headword: 'this' | 'via';
}

export interface LanguageSource {
  code: string;
  script: LanguageScript;
  stemmer: StemmerName | null;
  compounds: boolean;
  dictionaries: DictionarySource[];
  /** Most words kept for this language, when not the build's default (dictionaries with many spellings per entry). */
  maxWords?: number | undefined;
  /** Headwords left out (Japanese particles and endings, whose dictionary senses are homographs). */
  skipWord?: RegExp | undefined;
  /** Dictionaries that are not FreeDict (headwords in this language, English glosses). */
  special?: 'edict' | 'cedict' | undefined;
}

const to = (pair: string, via: string): DictionarySource => ({ pair, via, headword: 'this' });
const from = (pair: string, via: string): DictionarySource => ({ pair, via, headword: 'via' });

/** Built in this order: German and Polish (large dictionaries) first, then French, so that later ones can pivot through them. */
export const LANGUAGE_SOURCES: readonly LanguageSource[] = [
  {
    code: 'de',
    script: 'latin',
    stemmer: 'german',
    compounds: true,
    dictionaries: [to('deu-eng', 'en'), from('eng-deu', 'en')],
  },
  {
    code: 'pl',
    script: 'latin',
    stemmer: 'polish-suffixes',
    compounds: false,
    dictionaries: [to('pol-eng', 'en'), from('eng-pol', 'en'), to('pol-deu', 'de'), from('deu-pol', 'de')],
  },
  {
    code: 'fr',
    script: 'latin',
    stemmer: 'french',
    compounds: false,
    dictionaries: [
      to('fra-eng', 'en'),
      from('eng-fra', 'en'),
      to('fra-deu', 'de'),
      from('deu-fra', 'de'),
      from('pol-fra', 'pl'),
    ],
  },
  {
    code: 'es',
    script: 'latin',
    stemmer: 'spanish',
    compounds: false,
    dictionaries: [
      to('spa-eng', 'en'),
      from('eng-spa', 'en'),
      to('spa-deu', 'de'),
      from('deu-spa', 'de'),
      from('pol-spa', 'pl'),
      from('fra-spa', 'fr'),
    ],
  },
  {
    code: 'it',
    script: 'latin',
    stemmer: 'italian',
    compounds: false,
    dictionaries: [
      to('ita-eng', 'en'),
      from('eng-ita', 'en'),
      to('ita-deu', 'de'),
      from('deu-ita', 'de'),
      from('pol-ita', 'pl'),
      to('ita-pol', 'pl'),
      from('fra-ita', 'fr'),
    ],
  },
  {
    code: 'pt',
    script: 'latin',
    stemmer: 'portuguese',
    compounds: false,
    dictionaries: [
      to('por-eng', 'en'),
      from('eng-por', 'en'),
      to('por-deu', 'de'),
      from('deu-por', 'de'),
      from('pol-por', 'pl'),
      from('fra-por', 'fr'),
    ],
  },
  {
    code: 'nl',
    script: 'latin',
    stemmer: 'dutch',
    compounds: true,
    dictionaries: [
      to('nld-eng', 'en'),
      from('eng-nld', 'en'),
      to('nld-deu', 'de'),
      from('deu-nld', 'de'),
      from('pol-nld', 'pl'),
      from('fra-nld', 'fr'),
    ],
  },
  {
    code: 'sv',
    script: 'latin',
    stemmer: 'swedish',
    compounds: true,
    dictionaries: [to('swe-eng', 'en'), from('eng-swe', 'en'), to('swe-deu', 'de'), from('deu-swe', 'de')],
  },
  {
    code: 'tr',
    script: 'latin',
    stemmer: 'turkish',
    compounds: false,
    dictionaries: [to('tur-eng', 'en'), from('eng-tur', 'en'), to('tur-deu', 'de'), from('deu-tur', 'de')],
  },
  {
    code: 'ru',
    script: 'cyrillic',
    stemmer: 'russian',
    compounds: false,
    dictionaries: [from('eng-rus', 'en'), from('deu-rus', 'de'), from('pol-rus', 'pl'), from('fra-rus', 'fr')],
  },
  {
    code: 'ja',
    script: 'kana',
    stemmer: 'japanese-okurigana',
    compounds: false,
    dictionaries: [],
    special: 'edict',
    maxWords: 250_000,
    skipWord: /^\p{Script=Hiragana}{1,2}$/u,
  },
  {
    code: 'zh',
    script: 'han',
    stemmer: null,
    compounds: false,
    dictionaries: [],
    special: 'cedict',
    maxWords: 200_000,
  },
];

/** Every FreeDict pair the build reads, sorted. */
export function freedictPairs(sources: readonly LanguageSource[] = LANGUAGE_SOURCES): string[] {
  return [...new Set(sources.flatMap((s) => s.dictionaries.map((d) => d.pair)))].sort();
}

/** The Debian packages that install them (for CI and docs/development.md). */
export function debianPackages(sources: readonly LanguageSource[] = LANGUAGE_SOURCES): string[] {
  return [...freedictPairs(sources).map((pair) => `dict-freedict-${pair}`), 'edict'];
}
