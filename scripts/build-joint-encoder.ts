// npm run build:encoder:joint: builds the gloss of the joint default encoder (static-multi-100d rows → English words)
// and writes models/use-multi-612/ (encoder.json, gloss.bin.gz, gloss-words.json.gz). --check: fail when a rebuild differs.
// Usage: tsx scripts/build-joint-encoder.ts [--neural-weight W (default: the committed one)] [--targets 30000] [--check]
import { createHash } from 'node:crypto';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { buildGlossTable } from '@textclass/model-tools';
import {
  BUILTIN_ENCODERS_DIR,
  JOINT_ENCODER_ID,
  STATIC_MULTI_ENCODER_ID,
  USE_LITE_INT8_ENCODER_ID,
} from '@textclass/server/inference';

const { values } = parseArgs({
  options: {
    'neural-weight': { type: 'string' },
    targets: { type: 'string', default: '30000' },
    check: { type: 'boolean', default: false },
  },
});
const dir = join('models', JOINT_ENCODER_ID);
/** The committed weight unless one is given (a rebuild keeps it; tune on eval/dev, then pass the new one). */
const committedWeight = async () =>
  (JSON.parse(await readFile(join(dir, 'encoder.json'), 'utf8')) as { parts: Array<{ weight: number }> }).parts[0]
    ?.weight;
const neuralWeight = Number(values['neural-weight'] ?? (await committedWeight()));
const targets = Number(values.targets);
if (!(neuralWeight > 0 && neuralWeight < 1)) throw new Error('--neural-weight must be between 0 and 1');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const table = await buildGlossTable(join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID), targets);
const gloss = new Uint8Array(table.rows.length * 4);
const view = new DataView(gloss.buffer);
table.rows.forEach((row, i) => view.setUint32(i * 4, row, true));
const words = new TextEncoder().encode(JSON.stringify(table.words));
const metadata = {
  id: JOINT_ENCODER_ID,
  type: 'joint',
  dimension: 612,
  source: `${USE_LITE_INT8_ENCODER_ID} ⊕ ${STATIC_MULTI_ENCODER_ID}; text in other languages reaches ${USE_LITE_INT8_ENCODER_ID} as its English gloss`,
  parts: [
    { id: USE_LITE_INT8_ENCODER_ID, weight: neuralWeight },
    { id: STATIC_MULTI_ENCODER_ID, weight: Math.round((1 - neuralWeight) * 1e6) / 1e6 },
  ],
  gloss: {
    from: STATIC_MULTI_ENCODER_ID,
    to: USE_LITE_INT8_ENCODER_ID,
    sha256: sha256(gloss),
    words_sha256: sha256(words),
  },
  build: { builder: 1, gloss_targets: targets, gloss_rows: table.rows.length },
};
const text = `${JSON.stringify(metadata, null, 2)}\n`;
if (values.check) {
  const committed = await readFile(join(dir, 'encoder.json'), 'utf8');
  if (committed !== text) {
    process.stderr.write(`${dir}/encoder.json differs from a rebuild:\n${text}`);
    process.exit(1);
  }
  process.stdout.write(`${dir}: a rebuild gives the committed gloss (sha256 ${metadata.gloss.sha256})\n`);
} else {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'gloss.bin.gz'), gzipSync(gloss, { level: 9 }));
  await writeFile(join(dir, 'gloss-words.json.gz'), gzipSync(words, { level: 9 }));
  await writeFile(join(dir, 'encoder.json'), text);
  process.stdout.write(`wrote ${dir} (${table.rows.length} rows, ${table.words.length} words)\n`);
}
