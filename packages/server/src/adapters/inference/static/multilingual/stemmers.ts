// Stemmers for the languages of the multilingual encoder: Snowball where it has one, suffix strippers for Polish and Japanese.
import { createRequire } from 'node:module';

/** Names a tokenizer.json may give: a Snowball algorithm, or "polish-suffixes". */
export type StemmerName =
  | 'danish'
  | 'dutch'
  | 'english'
  | 'finnish'
  | 'french'
  | 'german'
  | 'hungarian'
  | 'italian'
  | 'norwegian'
  | 'portuguese'
  | 'romanian'
  | 'russian'
  | 'spanish'
  | 'swedish'
  | 'turkish'
  | 'czech'
  | 'catalan'
  | 'polish-suffixes'
  | 'japanese-okurigana';

export const STEMMER_NAMES: readonly StemmerName[] = [
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'hungarian',
  'italian',
  'norwegian',
  'portuguese',
  'romanian',
  'russian',
  'spanish',
  'swedish',
  'turkish',
  'czech',
  'catalan',
  'polish-suffixes',
  'japanese-okurigana',
];

interface SnowballFactory {
  newStemmer(language: string): { stem(word: string): string };
}

/** Polish inflectional endings, longest first; a word keeps at least three letters. */
const POLISH_ENDINGS = [
  'owania',
  'owanie',
  'ościami',
  'ościach',
  'iami',
  'iach',
  'ości',
  'ość',
  'owie',
  'ami',
  'ach',
  'ego',
  'emu',
  'ymi',
  'imi',
  'ych',
  'ich',
  'ów',
  'om',
  'em',
  'ie',
  'ej',
  'ym',
  'im',
  'ą',
  'ę',
  'a',
  'e',
  'i',
  'o',
  'u',
  'y',
];

function polishStem(word: string): string {
  for (const ending of POLISH_ENDINGS) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

const TRAILING_HIRAGANA = /\p{Script=Hiragana}+$/u;
const HAN = /\p{Script=Han}/u;

/** A Japanese word with kanji, without its trailing kana (忘れる → 忘, 届きます → 届): conjugations share it. */
function okuriganaStem(word: string): string {
  return HAN.test(word) ? word.replace(TRAILING_HIRAGANA, '') : word;
}

const cache = new Map<StemmerName, (word: string) => string>();

/** A function from a lowercased word to its stem; the same function at build time and at run time. */
export function stemmerFor(name: StemmerName): (word: string) => string {
  const known = cache.get(name);
  if (known) return known;
  let stem: (word: string) => string;
  if (name === 'polish-suffixes') {
    stem = polishStem;
  } else if (name === 'japanese-okurigana') {
    stem = okuriganaStem;
  } else {
    const factory = createRequire(import.meta.url)('snowball-stemmers') as SnowballFactory;
    const stemmer = factory.newStemmer(name);
    stem = (word) => stemmer.stem(word);
  }
  cache.set(name, stem);
  return stem;
}

export function isStemmerName(value: unknown): value is StemmerName {
  return typeof value === 'string' && (STEMMER_NAMES as readonly string[]).includes(value);
}
