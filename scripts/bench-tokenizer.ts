// npm run bench:tokenizer [-- --rounds N] [--against DIST]: texts/s of the static multilingual tokenizer over the
// evaluation texts (cold: its word memo cleared each round; warm), and the time its tables take to build from JSON;
// --against: the same, side by side, for another build of the server (its dist/ directory), rounds alternating; and
// the time this build takes to read the same tables from tokenizer.words.bin (what the server does at start).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILTIN_ENCODERS_DIR, readTokenizerFile, STATIC_MULTI_ENCODER_ID } from '@textclass/server/inference';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '15' }, against: { type: 'string' } } });
const ROUNDS = Number(values.rounds);

interface Tokenizer {
  encode(text: string): Int32Array;
  clearMemo(): void;
}
interface Inference {
  parseStaticTokenizerConfig(json: unknown): unknown;
  StaticWordTokenizer: new (config: never) => Tokenizer;
}

const texts = readdirSync(resolve('eval', 'sets'))
  .filter((file) => file.endsWith('.jsonl'))
  .flatMap((file) =>
    readFileSync(resolve('eval', 'sets', file), 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );
const tokenizerPath = join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, 'tokenizer.json');
const tokenizerJson = readFileSync(tokenizerPath, 'utf8');

/** Builds the tokenizer of one server build from the JSON, and the time it took. */
async function open(label: string, module: string) {
  const inference = (await import(module)) as Inference;
  const started = performance.now();
  const tokenizer = new inference.StaticWordTokenizer(
    inference.parseStaticTokenizerConfig(JSON.parse(tokenizerJson)) as never,
  );
  const buildMs = performance.now() - started;
  return { label, tokenizer, buildMs, cold: 0, warm: 0 };
}

function rate(tokenizer: Tokenizer, cold: boolean): number {
  if (cold) tokenizer.clearMemo();
  const started = performance.now();
  for (const text of texts) tokenizer.encode(text);
  return texts.length / ((performance.now() - started) / 1000);
}

const fromFileStarted = performance.now();
const fromFile = await readTokenizerFile(tokenizerPath);
const fromFileMs = performance.now() - fromFileStarted;
const subjects = [await open('this build', '@textclass/server/inference')];
if (values.against) {
  const url = new URL(`file://${resolve(values.against, 'adapters', 'inference', 'index.js')}`).href;
  subjects.unshift(await open(values.against, url));
}
for (let round = 0; round < ROUNDS; round++) {
  for (const s of subjects) {
    s.cold = Math.max(s.cold, rate(s.tokenizer, true));
    s.warm = Math.max(s.warm, rate(s.tokenizer, false));
  }
}
process.stdout.write(
  [
    `${texts.length} evaluation texts, best of ${ROUNDS} rounds`,
    '| tokenizer | built from JSON in ms | cold texts/s | warm texts/s |',
    '|---|---|---|---|',
    ...subjects.map((s) => `| ${s.label} | ${s.buildMs.toFixed(0)} | ${s.cold.toFixed(0)} | ${s.warm.toFixed(0)} |`),
    `this build read its tables from tokenizer.words.bin in ${fromFileMs.toFixed(0)} ms (${fromFile.table.parts.records.length} bytes of word records)`,
  ].join('\n') + '\n',
);
