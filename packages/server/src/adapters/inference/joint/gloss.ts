// The gloss: table rows of a multilingual static encoder → English words, so an English-only model reads other
// languages as a word-by-word English rendering (function words, stems, compounds and segmentation already resolved).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { utf8Length, writeUtf8 } from '../static/multilingual/utf8-pool.js';
import { JOINT_FILES } from './joint-metadata.js';

/** Set on rows of words that are not English: their gloss is a translation. */
const FOREIGN_ROW = 0x8000_0000;
const NO_GLOSS = 0xffff_ffff;
/** A word must be whole Unicode (it is kept as UTF-8). */
const LONE_SURROGATE = /\p{Cs}/u;

/** The English words as one UTF-8 pool: word i is chars[starts[i], starts[i + 1]). */
interface WordPool {
  chars: Uint8Array;
  starts: Uint32Array;
}

function poolOf(words: readonly string[]): WordPool {
  const starts = new Uint32Array(words.length + 1);
  for (let i = 0; i < words.length; i++) starts[i + 1] = (starts[i] as number) + utf8Length(words[i] as string);
  const chars = new Uint8Array(starts[words.length] as number);
  words.forEach((word, i) => writeUtf8(word, chars, starts[i] as number));
  return { chars, starts };
}

/**
 * The gloss of every table row: its word (`none` where the row has none), 16 bits each while the list has fewer than
 * 65,535 words, and whether that word translates a foreign one (one bit per row).
 */
interface RowWords {
  word: Uint16Array | Uint32Array;
  none: number;
  foreign: Uint8Array;
}

function rowWordsOf(bytes: Buffer, wordCount: number, path: string): RowWords {
  const rows = bytes.length / 4;
  const word = wordCount < 0xffff ? new Uint16Array(rows) : new Uint32Array(rows);
  const none = wordCount < 0xffff ? 0xffff : NO_GLOSS;
  const foreign = new Uint8Array(Math.ceil(rows / 8));
  for (let i = 0; i < rows; i++) {
    const row = bytes.readUInt32LE(i * 4);
    if (row === NO_GLOSS) {
      word[i] = none;
      continue;
    }
    const index = (row & ~FOREIGN_ROW) >>> 0;
    if (index >= wordCount) throw new Error(`${path}: a row points past the word list`);
    word[i] = index;
    if (row & FOREIGN_ROW) foreign[i >>> 3] = (foreign[i >>> 3] as number) | (1 << (i & 7));
  }
  return { word, none, foreign };
}

export class Gloss {
  private constructor(
    private readonly words: WordPool,
    private readonly rows: RowWords,
  ) {}

  /** Where render() writes a rendering's UTF-8 before decoding it (grown to the longest rendering yet). */
  private scratch = Buffer.allocUnsafeSlow(1024);

  static async load(dir: string): Promise<Gloss> {
    const [bytes, wordsJson] = await Promise.all([
      readFile(join(dir, JOINT_FILES.gloss)),
      readFile(join(dir, JOINT_FILES.words), 'utf8'),
    ]);
    if (bytes.length % 4 !== 0) throw new Error(`${dir}/${JOINT_FILES.gloss}: length is not a multiple of 4`);
    const words = JSON.parse(wordsJson) as unknown;
    if (!Array.isArray(words) || !words.every((w) => typeof w === 'string' && !LONE_SURROGATE.test(w)))
      throw new Error(`${dir}/${JOINT_FILES.words}: not a list of words`);
    const rows = rowWordsOf(bytes, words.length, `${dir}/${JOINT_FILES.gloss}`);
    return new Gloss(poolOf(words as string[]), rows);
  }

  /**
   * The English rendering of a text's table rows; undefined when every row is an English word (read the text itself),
   * unless translated: some word was read through a language's table into an English row (function words, support
   * vocabulary), so the rendering is the gloss even without a foreign row. Undefined too when no row has a word.
   */
  render(ids: ArrayLike<number>, translated = false): string | undefined {
    const { word, none, foreign } = this.rows;
    let isForeign = translated;
    for (let i = 0; i < ids.length && !isForeign; i++) {
      const id = ids[i] as number;
      const w = word[id];
      isForeign = w !== undefined && w !== none && (((foreign[id >>> 3] as number) >> (id & 7)) & 1) === 1;
    }
    if (!isForeign) return undefined;
    const { chars, starts } = this.words;
    let out = this.scratch;
    let at = 0;
    let written = 0;
    // The words' UTF-8, a space between each two, decoded once.
    for (let i = 0; i < ids.length; i++) {
      const w = word[ids[i] as number];
      if (w === undefined || w === none) continue;
      const start = starts[w] as number;
      const end = starts[w + 1] as number;
      if (at + end - start + 1 > out.length) {
        const grown = Buffer.allocUnsafeSlow((at + end - start + 1) * 2);
        out.copy(grown, 0, 0, at);
        out = this.scratch = grown;
      }
      if (written++ > 0) out[at++] = 0x20;
      for (let p = start; p < end; p++) out[at++] = chars[p] as number;
    }
    return written === 0 ? undefined : out.toString('utf8', 0, at);
  }
}
