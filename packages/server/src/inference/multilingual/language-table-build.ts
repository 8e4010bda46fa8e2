// Builds one language's rows: translation vectors from its dictionaries (direct and through German), capped, with stems.
import { join } from 'node:path';
import { readDictd } from './dictd.js';
import { readCedict, cedictSource } from './cedict.js';
import { readEdict } from './edict.js';
import { parseFreedictEntry, type DictionaryEntry } from './freedict-entry.js';
import { DICTD_DIR, type LanguageSource } from './sources.js';
import { stemmerFor } from './stemmers.js';
import { TranslationAccumulator, type PivotSpace } from './translation-vectors.js';

/** How much the German pivot counts next to direct English translations. */
export const PIVOT_WEIGHT = 0.5;

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

async function accumulate(
  space: PivotSpace,
  forward: string[] | undefined,
  reverse: string[] | undefined,
  dictdDir: string,
  extra: DictionaryEntry[] = [],
): Promise<TranslationAccumulator> {
  const acc = new TranslationAccumulator(space.dimension);
  for (const entry of extra) acc.addEntry(space, entry.headwords, entry.translations);
  for (const pair of forward ?? []) for (const e of await freedict(pair, dictdDir)) acc.addEntry(space, e.headwords, e.translations);
  for (const pair of reverse ?? []) {
    for (const e of await freedict(pair, dictdDir)) for (const h of e.headwords) acc.addReversed(space, h, e.translations);
  }
  return acc;
}

async function specialEntries(source: LanguageSource): Promise<DictionaryEntry[]> {
  if (source.special === 'edict') return readEdict();
  if (source.special === 'cedict') return readCedict((await cedictSource()).path);
  return [];
}

/** Direct and pivoted means mixed; rank is the better of the two. */
function combine(direct: TranslationAccumulator, pivot: TranslationAccumulator | undefined, word: string) {
  const a = direct.mean(word);
  const b = pivot?.mean(word);
  if (!b) return a;
  if (!a) return b;
  const vector = a.vector.map((v, d) => (v + PIVOT_WEIGHT * (b.vector[d] as number)) / (1 + PIVOT_WEIGHT));
  return { vector, rank: Math.min(a.rank, b.rank) };
}

export async function buildLanguageRows(
  source: LanguageSource,
  english: PivotSpace,
  german: PivotSpace | undefined,
  options: { maxWords: number; dictdDir?: string },
): Promise<LanguageRows> {
  const dictdDir = options.dictdDir ?? DICTD_DIR;
  const direct = await accumulate(english, source.fromEnglish, source.toEnglish, dictdDir, await specialEntries(source));
  const pivot = german && (source.fromGerman || source.toGerman)
    ? await accumulate(german, source.fromGerman, source.toGerman, dictdDir)
    : undefined;
  const candidates = [...new Set([...direct.words.keys(), ...(pivot?.words.keys() ?? [])])];
  const scored = candidates
    .map((word) => ({ word, hit: combine(direct, pivot, word) }))
    .flatMap((c) => (c.hit ? [{ word: c.word, hit: c.hit }] : []))
    .sort((x, y) => x.hit.rank - y.hit.rank || x.word.length - y.word.length || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0))
    .slice(0, options.maxWords);
  const dimension = english.dimension;
  const vectors = new Float32Array(scored.length * dimension);
  scored.forEach((c, i) => vectors.set(c.hit.vector, i * dimension));
  const stems = new Map<string, number>();
  if (source.stemmer) {
    const stem = stemmerFor(source.stemmer);
    scored.forEach((c, i) => {
      const s = stem(c.word);
      if (!stems.has(s)) stems.set(s, i);
    });
  }
  return { words: scored.map((c) => c.word), vectors, stems };
}

/** A pivot space over built rows (German), found by word or by stem. */
export function rowsSpace(rows: LanguageRows, dimension: number, stemmer: ((w: string) => string) | undefined): PivotSpace {
  const index = new Map(rows.words.map((w, i) => [w, i]));
  return {
    dimension,
    lookup(word) {
      const i = index.get(word) ?? (stemmer ? rows.stems.get(stemmer(word)) : undefined);
      if (i === undefined) return undefined;
      return { vector: rows.vectors.subarray(i * dimension, (i + 1) * dimension), rank: i + 1 };
    },
  };
}
