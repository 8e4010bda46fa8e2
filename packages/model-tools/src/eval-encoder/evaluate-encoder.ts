// One static encoder over the multilingual evaluation set: per language coverage, cross-lingual and paraphrase
// retrieval and zero-shot accuracy, plus throughput.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LabelDefinition } from '@textclass/server/core';
import { parseStaticTokenizerConfig, StaticEncoder, StaticWordTokenizer } from '@textclass/server/inference';
import { retrievalTop1, throughput, zeroShotAccuracy } from './metrics.js';

/** One sentence of the set: its intent, its text in every language (English among them) and an English paraphrase. */
export type EncoderEvalItem<L extends string> = Record<L | 'en' | 'para' | 'intent', string>;

export interface EncoderEvalRow {
  language: string;
  coverage: number;
  crossLingual: number | null;
  paraphrase: number;
  zeroShot: number;
}

export interface EncoderSpeed {
  english: number;
  mixed: number;
  /** Tokenizer alone on the mixed texts, its stem memo cleared before each round. */
  mixedColdTokenizer: number;
}

export interface EncoderEvaluation {
  id: string;
  rows: EncoderEvalRow[];
  speed: EncoderSpeed;
}

async function tokenizerOf(dir: string): Promise<StaticWordTokenizer> {
  return new StaticWordTokenizer(
    parseStaticTokenizerConfig(JSON.parse(await readFile(join(dir, 'tokenizer.json'), 'utf8'))),
  );
}

/** Texts per second of tokenizer.encode over texts, best of rounds, the memo cleared before each. */
function coldTokenizerRate(tokenizer: StaticWordTokenizer, texts: string[], rounds: number): number {
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    tokenizer.clearMemo();
    const started = performance.now();
    for (const text of texts) tokenizer.encode(text);
    best = Math.max(best, texts.length / ((performance.now() - started) / 1000));
  }
  return best;
}

/** The static encoder in dir over items, one row per language (in the order given), and its throughput. */
export async function evaluateEncoder<L extends string>(
  dir: string,
  items: ReadonlyArray<EncoderEvalItem<L>>,
  languages: readonly L[],
  intents: LabelDefinition[],
): Promise<EncoderEvaluation> {
  const encoder = await StaticEncoder.open(dir);
  const tokenizer = await tokenizerOf(dir);
  const english = await encoder.embed(items.map((i) => i.en));
  const paraphrases = await encoder.embed(items.map((i) => i.para));
  const gold = items.map((i) => i.intent);
  const rows: EncoderEvalRow[] = [];
  for (const language of languages) {
    const texts = items.map((i) => i[language]);
    const vectors = language === 'en' ? english : await encoder.embed(texts);
    let words = 0;
    let known = 0;
    for (const text of texts) {
      const c = tokenizer.coverage(text);
      words += c.words;
      known += c.known;
    }
    rows.push({
      language,
      coverage: known / words,
      crossLingual: language === 'en' ? null : retrievalTop1(vectors, english),
      paraphrase: retrievalTop1(paraphrases, vectors),
      zeroShot: await zeroShotAccuracy(encoder, intents, vectors, gold),
    });
  }
  const englishTexts = Array.from({ length: 20 }, () => items.flatMap((i) => [i.en, i.para])).flat();
  const mixedTexts = Array.from({ length: 4 }, () => items.flatMap((i) => languages.map((l) => i[l]))).flat();
  await encoder.warmup();
  const speed = {
    english: await throughput(encoder, englishTexts, 64, 5),
    mixed: await throughput(encoder, mixedTexts, 64, 5),
    mixedColdTokenizer: coldTokenizerRate(tokenizer, mixedTexts.slice(0, mixedTexts.length / 4), 10),
  };
  await encoder.close();
  return { id: encoder.id, rows, speed };
}
