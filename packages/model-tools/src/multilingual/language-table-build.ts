// Builds one language's rows: translation vectors from its dictionaries (direct and through pivot languages), capped, with stems.
import { join } from 'node:path';
import { readDictd } from './dictd.js';
import { readCedict, cedictSource } from './cedict.js';
import { readEdict } from './edict.js';
import { parseFreedictEntry, type DictionaryEntry } from './freedict-entry.js';
import { DICTD_DIR, type LanguageSource } from './sources.js';
import { stemmerFor } from '@textclass/server/inference';
import { TranslationAccumulator, withLength, type PivotSpace } from './translation-vectors.js';

/** How much translations through another language count next to English ones. */
export const PIVOT_WEIGHT = 0.5;
/** EDICT's common words rank as if their translation were this many times more frequent. */
const COMMON_RANK_DIVISOR = 4;

export interface LanguageRows {
  /** Kept words, most frequent (by their translations' English rank) first. */
  words: string[];
  /** Row-major [words.length × dimension]. */
  vectors: Float32Array;
  /** Stem → index into words (of the most frequent word with that stem). */
  stems: Map<string, number>;
}

async function freedict(pair: string, dictdDir: string): Promise<DictionaryEntry[]> {
  return (await readDictd(join(dictdDir, `freedict-${pair}`))).map((e) => parseFreedictEntry(e.body));
}

async function specialEntries(source: LanguageSource): Promise<DictionaryEntry[]> {
  if (source.special === 'edict') return readEdict();
  if (source.special === 'cedict') return readCedict((await cedictSource()).path);
  return [];
}

/** One accumulator per pivot language ('en' first), filled from the language's dictionaries. */
async function accumulate(source: LanguageSource, spaces: ReadonlyMap<string, PivotSpace>, dictdDir: string) {
  const english = spaces.get('en') as PivotSpace;
  const byVia = new Map<string, TranslationAccumulator>([['en', new TranslationAccumulator(english.dimension)]]);
  for (const e of await specialEntries(source)) {
    byVia.get('en')?.addEntry(english, e.headwords, e.translations, e.common ? COMMON_RANK_DIVISOR : 1);
  }
  for (const dictionary of source.dictionaries) {
    const space = spaces.get(dictionary.via);
    if (!space) throw new Error(`${source.code}: pivot language ${dictionary.via} is not built yet`);
    let acc = byVia.get(dictionary.via);
    if (!acc) byVia.set(dictionary.via, (acc = new TranslationAccumulator(space.dimension)));
    for (const e of await freedict(dictionary.pair, dictdDir)) {
      if (dictionary.headword === 'this') acc.addEntry(space, e.headwords, e.translations);
      else for (const h of e.headwords) acc.addReversed(space, h, e.translations);
    }
  }
  return byVia;
}

/** English translations at weight 1, each pivot language's mean at PIVOT_WEIGHT; rank is the best of them. */
function combine(byVia: ReadonlyMap<string, TranslationAccumulator>, word: string, dimension: number) {
  const vector = new Float32Array(dimension);
  let weight = 0;
  let lengths = 0;
  let rank = Number.POSITIVE_INFINITY;
  for (const [via, acc] of byVia) {
    const hit = acc.mean(word);
    if (!hit) continue;
    const w = via === 'en' ? 1 : PIVOT_WEIGHT;
    for (let d = 0; d < dimension; d++) vector[d] = (vector[d] as number) + w * (hit.vector[d] as number);
    weight += w;
    lengths += w * Math.hypot(...hit.vector);
    rank = Math.min(rank, hit.rank);
  }
  return weight === 0 ? undefined : { vector: withLength(vector, lengths / weight), rank };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function buildLanguageRows(
  source: LanguageSource,
  spaces: ReadonlyMap<string, PivotSpace>,
  options: { maxWords: number; dictdDir?: string },
): Promise<LanguageRows> {
  const dimension = (spaces.get('en') as PivotSpace).dimension;
  const byVia = await accumulate(source, spaces, options.dictdDir ?? DICTD_DIR);
  const candidates = new Set<string>();
  for (const acc of byVia.values())
    for (const word of acc.words.keys()) if (!source.skipWord?.test(word)) candidates.add(word);
  const scored = [...candidates]
    .flatMap((word) => {
      const hit = combine(byVia, word, dimension);
      return hit ? [{ word, hit }] : [];
    })
    .sort((x, y) => x.hit.rank - y.hit.rank || x.word.length - y.word.length || byText(x.word, y.word))
    .slice(0, options.maxWords);
  const vectors = new Float32Array(scored.length * dimension);
  scored.forEach((c, i) => vectors.set(c.hit.vector, i * dimension));
  const stems = new Map<string, number>();
  if (source.stemmer) {
    // A word reaches the stems table only when it is not in the vocabulary as written, so it is an inflected
    // form: words that inflect (stem ≠ word: 忘れる, Rechnungen) claim a stem before those that do not (忘, kann).
    const stem = stemmerFor(source.stemmer);
    const stemsOf = scored.map((c) => stem(c.word));
    for (const inflecting of [true, false]) {
      scored.forEach((c, i) => {
        const s = stemsOf[i] as string;
        if ((s !== c.word) === inflecting && !stems.has(s)) stems.set(s, i);
      });
    }
  }
  return { words: scored.map((c) => c.word), vectors, stems };
}

/** A pivot space over built rows, found by word or by stem. */
export function rowsSpace(rows: LanguageRows, dimension: number, source: LanguageSource): PivotSpace {
  const index = new Map(rows.words.map((w, i) => [w, i]));
  const stem = source.stemmer ? stemmerFor(source.stemmer) : undefined;
  return {
    dimension,
    lookup(word) {
      const i = index.get(word) ?? (stem ? rows.stems.get(stem(word)) : undefined);
      if (i === undefined) return undefined;
      return { vector: rows.vectors.subarray(i * dimension, (i + 1) * dimension), rank: i + 1 };
    },
  };
}
