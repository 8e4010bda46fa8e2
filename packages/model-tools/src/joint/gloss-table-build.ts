// Builds the gloss table of a multilingual static encoder: every row of its table → an English word (the row's own
// word for English rows; for rows of other languages, the nearest of the most frequent English words in the shared space).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ENCODER_FILES, ModelProto } from '@textclass/server/inference';
import { nearestRows } from './nearest-rows.js';

/** Marks a row whose word is not English (its gloss is a translation, not the word itself). */
export const FOREIGN_ROW = 0x8000_0000;
/** A row with no gloss (the padding row). */
export const NO_GLOSS = 0xffff_ffff;

export interface GlossTable {
  /** English words, in table-row order. */
  words: string[];
  /** Per table row: index into words, | FOREIGN_ROW for other languages' rows; NO_GLOSS for none. */
  rows: Uint32Array;
}

interface Initializer {
  name: string;
  dims: Array<number | { toNumber(): number }>;
  raw_data: Uint8Array;
}

/** The int8 table (rows × dimension) of a static encoder's model.onnx. */
async function readInt8Table(dir: string): Promise<{ values: Int8Array; rows: number; dimension: number }> {
  const model = ModelProto.decode(await readFile(join(dir, ENCODER_FILES.model))) as unknown as {
    graph: { initializer: Initializer[] };
  };
  const table = model.graph.initializer.find((t) => t.name === 'embeddings_int8');
  if (!table) throw new Error(`${dir}: model.onnx has no int8 embedding table`);
  const [rows, dimension] = table.dims.map(Number) as [number, number];
  const raw = table.raw_data;
  return { values: new Int8Array(raw.buffer, raw.byteOffset, raw.length), rows, dimension };
}

function normalisedRows(values: Int8Array, rows: readonly number[], dimension: number): Float32Array {
  const out = new Float32Array(rows.length * dimension);
  rows.forEach((row, i) => {
    let norm = 0;
    for (let d = 0; d < dimension; d++) norm += (values[row * dimension + d] as number) ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dimension; d++) out[i * dimension + d] = (values[row * dimension + d] as number) * scale;
  });
  return out;
}

/**
 * Builds the table; targets = how many of the most frequent English words a foreign row may be glossed as, among
 * those `readable` accepts (e.g. the words the neural encoder has a piece for).
 */
export async function buildGlossTable(
  staticDir: string,
  targets: number,
  readable: (word: string) => boolean = () => true,
): Promise<GlossTable> {
  const config = JSON.parse(await readFile(join(staticDir, ENCODER_FILES.tokenizer), 'utf8')) as {
    vocab: Record<string, number>;
  };
  const wordOfRow = new Map<number, string>();
  for (const [word, row] of Object.entries(config.vocab)) {
    const held = wordOfRow.get(row);
    if (held === undefined || (!/^[a-z]+$/.test(held) && /^[a-z]+$/.test(word))) wordOfRow.set(row, word);
  }
  const englishRows = [...wordOfRow.keys()].sort((a, b) => a - b);
  const words = englishRows.map((row) => wordOfRow.get(row) as string);
  const table = await readInt8Table(staticDir);
  const rows = new Uint32Array(table.rows).fill(NO_GLOSS);
  englishRows.forEach((row, i) => (rows[row] = i));
  const targetIndices = words.flatMap((w, i) => (/^[a-z]+$/.test(w) && readable(w) ? [i] : [])).slice(0, targets);
  const foreign: number[] = [];
  for (let row = 1; row < table.rows; row++) if (rows[row] === NO_GLOSS) foreign.push(row);
  const nearest = await nearestRows(
    normalisedRows(table.values, foreign, table.dimension),
    normalisedRows(
      table.values,
      targetIndices.map((i) => englishRows[i] as number),
      table.dimension,
    ),
    table.dimension,
  );
  foreign.forEach((row, i) => (rows[row] = ((targetIndices[nearest[i] as number] as number) | FOREIGN_ROW) >>> 0));
  return { words, rows };
}
