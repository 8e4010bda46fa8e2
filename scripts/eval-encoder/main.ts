// npm run eval:encoder: per language, coverage, cross-lingual and paraphrase retrieval, zero-shot intent accuracy,
// for the multilingual default encoder and the English-only encoder it replaces, side by side; plus throughput.
// Usage: tsx scripts/eval-encoder/main.ts [--multi DIR] [--english DIR] [--out FILE]
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID, ENGLISH_ENCODER_ID } from '../../packages/server/src/adapters/inference/package-paths.js';
import { StaticEncoder } from '../../packages/server/src/adapters/inference/static-encoder.js';
import { StaticWordTokenizer } from '../../packages/server/src/adapters/inference/static-tokenizer.js';
import { parseStaticTokenizerConfig } from '../../packages/server/src/adapters/inference/tokenizer-config.js';
import { EVAL_INTENTS } from './intents.js';
import { retrievalTop1, throughput, zeroShotAccuracy } from './metrics.js';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'zh'] as const;
type Item = Record<(typeof LANGUAGES)[number] | 'para' | 'intent', string>;

interface Row {
  language: string;
  coverage: number;
  crossLingual: number | null;
  paraphrase: number;
  zeroShot: number;
}

const { values } = parseArgs({
  options: { multi: { type: 'string' }, english: { type: 'string' }, out: { type: 'string' } },
});
const multiDir = values.multi ?? join(BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID);
const englishDir = values.english ?? join(BUILTIN_ENCODERS_DIR, ENGLISH_ENCODER_ID);
const items = JSON.parse(await readFile(new URL('./sentences.json', import.meta.url), 'utf8')) as Item[];

async function tokenizerOf(dir: string): Promise<StaticWordTokenizer> {
  return new StaticWordTokenizer(parseStaticTokenizerConfig(JSON.parse(await readFile(join(dir, 'tokenizer.json'), 'utf8'))));
}

interface Speed {
  english: number;
  mixed: number;
  /** Tokenizer alone on the mixed texts, its stem memo cleared before each round. */
  mixedColdTokenizer: number;
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

async function evaluate(dir: string): Promise<{ id: string; rows: Row[]; speed: Speed }> {
  const encoder = await StaticEncoder.open(dir);
  const tokenizer = await tokenizerOf(dir);
  const english = await encoder.embed(items.map((i) => i.en));
  const paraphrases = await encoder.embed(items.map((i) => i.para));
  const gold = items.map((i) => i.intent);
  const rows: Row[] = [];
  for (const language of LANGUAGES) {
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
      zeroShot: await zeroShotAccuracy(encoder, EVAL_INTENTS, vectors, gold),
    });
  }
  const englishTexts = Array.from({ length: 20 }, () => items.flatMap((i) => [i.en, i.para])).flat();
  const mixedTexts = Array.from({ length: 4 }, () => items.flatMap((i) => LANGUAGES.map((l) => i[l]))).flat();
  await encoder.warmup();
  const speed = {
    english: await throughput(encoder, englishTexts, 64, 5),
    mixed: await throughput(encoder, mixedTexts, 64, 5),
    mixedColdTokenizer: coldTokenizerRate(tokenizer, mixedTexts.slice(0, mixedTexts.length / 4), 10),
  };
  await encoder.close();
  return { id: encoder.id, rows, speed };
}

const pct = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const multi = await evaluate(multiDir);
const base = await evaluate(englishDir);
const lines = [
  `Evaluation set: ${items.length} sentences (support tickets and everyday statements, ${EVAL_INTENTS.length} intents), ` +
    `each in ${LANGUAGES.length} languages, plus an English paraphrase; ${items.length} candidates per retrieval.`,
  '',
  `| language | coverage ${multi.id} | coverage ${base.id} | cross-lingual top-1 ${multi.id} | cross-lingual top-1 ${base.id} | ` +
    `paraphrase top-1 ${multi.id} | paraphrase top-1 ${base.id} | zero-shot acc. ${multi.id} | zero-shot acc. ${base.id} |`,
  '|---|---|---|---|---|---|---|---|---|',
  ...multi.rows.map((m, i) => {
    const b = base.rows[i] as Row;
    return `| ${m.language} | ${pct(m.coverage)} | ${pct(b.coverage)} | ${pct(m.crossLingual)} | ${pct(b.crossLingual)} | ` +
      `${pct(m.paraphrase)} | ${pct(b.paraphrase)} | ${pct(m.zeroShot)} | ${pct(b.zeroShot)} |`;
  }),
  '',
  `Throughput, ${multi.id} vs ${base.id}, one process (encoder.embed in batches of 64, best of 5 rounds over the set ` +
    `repeated; words' stem lookups remembered as in a running server): English texts ${Math.round(multi.speed.english)} vs ` +
    `${Math.round(base.speed.english)} sentences/s (${(base.speed.english / multi.speed.english).toFixed(2)}× slower); ` +
    `all ${LANGUAGES.length} languages mixed ${Math.round(multi.speed.mixed)} vs ${Math.round(base.speed.mixed)} sentences/s ` +
    `(${(base.speed.mixed / multi.speed.mixed).toFixed(2)}× slower). Tokenizer alone on the mixed set once, nothing remembered: ` +
    `${Math.round(multi.speed.mixedColdTokenizer)} vs ${Math.round(base.speed.mixedColdTokenizer)} sentences/s ` +
    `(${(base.speed.mixedColdTokenizer / multi.speed.mixedColdTokenizer).toFixed(2)}× slower).`,
];
const report = `${lines.join('\n')}\n`;
process.stdout.write(report);
if (values.out) await writeFile(values.out, report);
