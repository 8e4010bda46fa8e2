// npx tsx scripts/bench-inference/tokenize-ab.ts --a packages/server/src --b packages/server/dist-before [--pairs 8]: CPU a text of the default encoder's USE-lite windows() + negation folding, two builds' modules alternating in one process (ids checked equal first).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { makeTexts, neuralDefaultSubject, round, transformerSubject } from '@textclass/model-tools';

const { values } = parseArgs({
  options: { a: { type: 'string' }, b: { type: 'string' }, pairs: { type: 'string', default: '8' } },
});
if (!values.a || !values.b) throw new Error('--a and --b name two builds: a dist folder or packages/server/src');

interface Build {
  windows(text: string): unknown[];
  ids(text: string): number[];
  fold(text: string): string | undefined;
}

/** The tokenizer and negation modules of one build (a dist's .js or the sources' .ts), on USE-lite's vocabulary. */
async function open(dir: string, file: { pieces: Array<[string, number]>; reserved: number; max_length: number }) {
  const ext = dir.endsWith('src') ? 'ts' : 'js';
  const unigram = await import(resolve(dir, `adapters/inference/use-lite/unigram-tokenizer.${ext}`));
  const negation = await import(resolve(dir, `adapters/inference/joint/negation.${ext}`));
  const tokenizer = new unigram.UnigramTokenizer(file.pieces, { reserved: file.reserved, maxLength: file.max_length });
  return {
    windows: (text: string) => tokenizer.windows(text),
    ids: (text: string) => tokenizer.ids(text),
    fold: (text: string) => negation.foldNegation(text),
  } satisfies Build;
}

const transformer = await transformerSubject(resolve('.bench-cache'), 'synthetic-minilm-l12');
const texts = makeTexts(4096, 30, (text) => transformer.tokenize(text).length);
const subject = await neuralDefaultSubject();
const file = JSON.parse(await readFile(join(subject.dir, 'tokenizer.json'), 'utf8'));
const a = await open(values.a, file);
const b = await open(values.b, file);
for (const text of texts)
  if (a.ids(text).join() !== b.ids(text).join() || a.fold(text) !== b.fold(text))
    throw new Error(`the builds answer differently for ${JSON.stringify(text)}`);

let sink = 0;
/** Microseconds of CPU a text over five passes of the texts. */
function cpuPerText(build: Build): number {
  const used = process.cpuUsage();
  for (let k = 0; k < 5; k++)
    for (const text of texts) sink += build.windows(text).length + (build.fold(text)?.length ?? 0);
  const { user, system } = process.cpuUsage(used);
  return (user + system) / (5 * texts.length);
}
cpuPerText(a);
cpuPerText(b);
const ratios: number[] = [];
for (let pair = 0; pair < Number(values.pairs); pair++) {
  const before = cpuPerText(b);
  const after = cpuPerText(a);
  ratios.push(after / before);
  process.stderr.write(
    `pair ${pair + 1}: b ${round(before, 2)} µs, a ${round(after, 2)} µs a text, a ÷ b ${round(after / before, 3)}\n`,
  );
}
ratios.sort((x, y) => x - y);
process.stderr.write(
  `a ÷ b median ${round(ratios[Math.floor(ratios.length / 2)] as number, 3)} (${sink > 0 ? 'ran' : ''})\n`,
);
