// npm run eval:encoder: per language, coverage, cross-lingual and paraphrase retrieval, zero-shot intent accuracy,
// for the multilingual default encoder and the English-only encoder it replaces, side by side; plus throughput.
// Usage: tsx scripts/eval-encoder/main.ts [--multi DIR] [--english DIR] [--out FILE]
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateEncoder, type EncoderEvalItem, type EncoderEvalRow } from '@textclass/model-tools';
import { BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID, ENGLISH_ENCODER_ID } from '@textclass/server/inference';
import { EVAL_INTENTS } from './intents.js';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'zh'] as const;
type Item = EncoderEvalItem<(typeof LANGUAGES)[number]>;

const { values } = parseArgs({
  options: { multi: { type: 'string' }, english: { type: 'string' }, out: { type: 'string' } },
});
const multiDir = values.multi ?? join(BUILTIN_ENCODERS_DIR, DEFAULT_ENCODER_ID);
const englishDir = values.english ?? join(BUILTIN_ENCODERS_DIR, ENGLISH_ENCODER_ID);
const items = JSON.parse(await readFile(new URL('./sentences.json', import.meta.url), 'utf8')) as Item[];

const pct = (x: number | null) => (x === null ? '—' : x.toFixed(2));
const multi = await evaluateEncoder(multiDir, items, LANGUAGES, EVAL_INTENTS);
const base = await evaluateEncoder(englishDir, items, LANGUAGES, EVAL_INTENTS);
const lines = [
  `Evaluation set: ${items.length} sentences (support tickets and everyday statements, ${EVAL_INTENTS.length} intents), ` +
    `each in ${LANGUAGES.length} languages, plus an English paraphrase; ${items.length} candidates per retrieval.`,
  '',
  `| language | coverage ${multi.id} | coverage ${base.id} | cross-lingual top-1 ${multi.id} | cross-lingual top-1 ${base.id} | ` +
    `paraphrase top-1 ${multi.id} | paraphrase top-1 ${base.id} | zero-shot acc. ${multi.id} | zero-shot acc. ${base.id} |`,
  '|---|---|---|---|---|---|---|---|---|',
  ...multi.rows.map((m, i) => {
    const b = base.rows[i] as EncoderEvalRow;
    return (
      `| ${m.language} | ${pct(m.coverage)} | ${pct(b.coverage)} | ${pct(m.crossLingual)} | ${pct(b.crossLingual)} | ` +
      `${pct(m.paraphrase)} | ${pct(b.paraphrase)} | ${pct(m.zeroShot)} | ${pct(b.zeroShot)} |`
    );
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
