// The gloss: table rows of a multilingual static encoder → English words, so an English-only model reads other
// languages as a word-by-word English rendering (function words, stems, compounds and segmentation already resolved).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JOINT_FILES } from './joint-metadata.js';

/** Set on rows of words that are not English: their gloss is a translation. */
const FOREIGN_ROW = 0x8000_0000;
const NO_GLOSS = 0xffff_ffff;

export class Gloss {
  private constructor(
    private readonly words: readonly string[],
    private readonly rows: Uint32Array,
  ) {}

  static async load(dir: string): Promise<Gloss> {
    const [bytes, wordsJson] = await Promise.all([
      readFile(join(dir, JOINT_FILES.gloss)),
      readFile(join(dir, JOINT_FILES.words), 'utf8'),
    ]);
    if (bytes.length % 4 !== 0) throw new Error(`${dir}/${JOINT_FILES.gloss}: length is not a multiple of 4`);
    const rows = new Uint32Array(bytes.length / 4);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let i = 0; i < rows.length; i++) rows[i] = view.getUint32(i * 4, true);
    const words = JSON.parse(wordsJson) as unknown;
    if (!Array.isArray(words) || !words.every((w) => typeof w === 'string'))
      throw new Error(`${dir}/${JOINT_FILES.words}: not a list of words`);
    for (const row of rows)
      if (row !== NO_GLOSS && (row & ~FOREIGN_ROW) >>> 0 >= words.length)
        throw new Error(`${dir}/${JOINT_FILES.gloss}: a row points past the word list`);
    return new Gloss(words as string[], rows);
  }

  /** The English rendering of a text's table rows; undefined when every row is an English word (read the text itself). */
  render(ids: ArrayLike<number>): string | undefined {
    const out: string[] = [];
    let foreign = false;
    for (let i = 0; i < ids.length; i++) {
      const row = this.rows[ids[i] as number];
      if (row === undefined || row === NO_GLOSS) continue;
      if (row & FOREIGN_ROW) foreign = true;
      out.push(this.words[(row & ~FOREIGN_ROW) >>> 0] as string);
    }
    return foreign ? out.join(' ') : undefined;
  }
}
