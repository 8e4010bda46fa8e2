// fastText supervised prediction (predictLine) in TypeScript: tokens → subword rows → averaged hidden → k best labels.
import type { PrunedBucketRows } from './bucket-rows.js';
import { InputRows } from './input-rows.js';
import { buildTree, type TreeNode } from './label-tree.js';
import { dotRow, f32 } from './matrix.js';
import { encodeUtf8Into } from './utf8.js';
import { LOSS, type FastTextModelFile } from './model-file.js';

const EOS = '</s>';
const UNKNOWN_ROWS = 1 << 18;
/** A longer copy of array[0, used). */
const grown = (array: Int32Array, length: number, used: number) => {
  const copy = new Int32Array(length);
  copy.set(array.subarray(0, used));
  return copy;
};
const LABEL_PREFIX = '__label__';
/** fastText's word separators: space, \n, \r, \t, \v, \f and NUL. */
const isWhitespace = (code: number) =>
  code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0b || code === 0x0c || code === 0;

export interface FastTextPrediction {
  label: string;
  probability: number;
}

/** fastText's FNV-1a over UTF-8 bytes, each byte sign-extended first (its int8_t cast). */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 2166136261;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    h = (h ^ (b >= 0x80 ? (b | 0xffffff00) >>> 0 : b)) >>> 0;
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

/** fastText's std_log(real x) = log(x + 1e-5), its argument and result in float32. */
const stdLog = (x: number) => f32(Math.log(f32(x) + 1e-5));

/** A loaded supervised fastText model; predict() gives what fastText's predict-prob prints for one line. */
export class FastTextPredictor {
  /**
   * What one lookup tells of a token: the dictionary (word or label → its id ≥ 0), and words outside it seen lately as
   * -1 - (offset × 1024 + count) into unknownRows. Emptied back to the dictionary with the pool.
   */
  private tokens: Map<string, number>;
  private unknownWords = 0;
  /** Dictionary word i's own row and subword rows: wordRows[wordRowsStart[i], wordRowsStart[i + 1]). */
  private readonly wordRows: Int32Array;
  private readonly wordRowsStart: Int32Array;
  private readonly labels: string[];
  private readonly tree: TreeNode[] | undefined;
  private readonly hidden: Float32Array;
  /** Reused per call: one word's UTF-8 bytes between < and >, and the rows of its character n-grams. */
  private bytes = new Uint8Array(256);
  private subwordRows = new Int32Array(1024);
  private readonly prunedBuckets: PrunedBucketRows | undefined;
  /** Subword rows of words outside the dictionary seen lately (most words are: lid.176 knows 7,235), found through
   * `tokens`: one pool (64 KB, doubled up to 1 MB), emptied when full or at 65,536 words; no allocation per word. */
  private unknownRows = new Int32Array(1 << 14);
  private unknownRowsUsed = 0;
  /** The input matrix's rows, dequantised when first used. */
  private readonly inputRows: InputRows;
  /** Dictionary words whose rows are all prepared (1): adding them checks no row. */
  private readonly wordReady: Uint8Array;

  constructor(private readonly model: FastTextModelFile) {
    const { args, words, nwords } = model;
    if (args.loss !== LOSS.hs && args.loss !== LOSS.softmax)
      throw new Error(`fastText loss ${args.loss} is not supported (hierarchical softmax or softmax only)`);
    if (model.output.rows < (args.loss === LOSS.hs ? model.nlabels - 1 : model.nlabels))
      throw new Error('fastText model file: output rows do not match the labels');
    this.prunedBuckets = model.pruneIndex;
    this.tokens = this.dictionary();
    this.wordRowsStart = new Int32Array(nwords + 1);
    let wordRows = new Int32Array(nwords * 16);
    for (let id = 0; id < nwords; id++) {
      const word = (words[id] as { word: string }).word;
      const count = word === EOS ? 0 : this.computeSubwords(word);
      const start = this.wordRowsStart[id] as number;
      if (wordRows.length < start + count + 1) wordRows = grown(wordRows, (start + count + 1) * 2, start);
      wordRows[start] = id;
      wordRows.set(this.subwordRows.subarray(0, count), start + 1);
      this.wordRowsStart[id + 1] = start + count + 1;
    }
    this.wordRows = wordRows.slice(0, this.wordRowsStart[nwords]);
    this.labels = words.slice(nwords).map((entry) => entry.word);
    this.tree = args.loss === LOSS.hs ? buildTree(words.slice(nwords).map((entry) => entry.count)) : undefined;
    this.hidden = new Float32Array(args.dim);
    this.inputRows = new InputRows(model.input);
    this.wordReady = new Uint8Array(nwords);
  }

  /** The k most probable labels of one line (fastText appends the end-of-line token, as its predict does). */
  predict(text: string, k = 1, threshold = 0): FastTextPrediction[] {
    const hidden = this.hidden.fill(0);
    const rows = this.addLineRows(text, hidden);
    if (rows === 0) return [];
    const scale = f32(1 / rows);
    for (let d = 0; d < hidden.length; d++) hidden[d] = (hidden[d] as number) * scale;
    const best = this.tree ? this.hierarchical(hidden, k, threshold) : this.softmax(hidden, k, threshold);
    return best.map(([score, label]) => ({ label: this.labels[label] as string, probability: f32(Math.exp(score)) }));
  }

  /**
   * Dictionary::getLine for a supervised model, each row added to `hidden` as it is found (the order fastText sums
   * them in): the words of `text` + "\n" (Dictionary::readWord: runs of bytes other than the ASCII whitespace, a
   * newline being the end-of-line token, where the line stops), each word's own row and subword rows, unknown words'
   * subwords, then word n-grams. Returns how many rows were added.
   */
  private addLineRows(text: string, hidden: Float32Array): number {
    const hashes = this.model.args.wordNgrams > 1 ? [] : undefined;
    let rows = 0;
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : 0x0a;
      if (!isWhitespace(code)) {
        if (start < 0) start = i;
        continue;
      }
      if (start >= 0) {
        const word = text.slice(start, i);
        start = -1;
        rows += this.addWordRows(word, hidden, hashes);
        if (word === EOS) break;
      }
      if (code === 0x0a) {
        rows += this.addWordRows(EOS, hidden, hashes);
        break;
      }
    }
    if (hashes) rows += this.addWordNgrams(hidden, hashes);
    return rows;
  }

  /** One token's rows (none for a label); its hash kept for word n-grams. */
  private addWordRows(token: string, hidden: Float32Array, hashes: number[] | undefined): number {
    const found = this.tokens.get(token);
    if (found === undefined ? token.startsWith(LABEL_PREFIX) : found >= this.model.nwords) return 0;
    let rows = 0;
    if (found !== undefined && found >= 0) {
      const start = this.wordRowsStart[found] as number;
      const end = this.wordRowsStart[found + 1] as number;
      if (this.wordReady[found] === 0) {
        this.inputRows.prepare(this.wordRows, start, end);
        this.wordReady[found] = 1;
      }
      this.inputRows.addPrepared(hidden, this.wordRows, start, end);
      rows = end - start;
    } else if (found !== undefined) {
      // its rows were prepared when it was first seen (below)
      const ref = -1 - found;
      const start = ref >>> 10;
      rows = ref & 1023;
      this.inputRows.addPrepared(hidden, this.unknownRows, start, start + rows);
    } else if (token !== EOS) {
      rows = this.computeSubwords(token);
      this.inputRows.prepare(this.subwordRows, 0, rows);
      this.inputRows.addPrepared(hidden, this.subwordRows, 0, rows);
      this.rememberUnknown(token, rows);
    }
    if (hashes) {
      const length = this.encode(token, 0);
      hashes.push(hashBytes(this.bytes, 0, length));
    }
    return rows;
  }

  /**
   * Dictionary::addWordNgrams: hashes of up to wordNgrams consecutive words. fastText keeps the word hashes as int32
   * and widens them, sign-extended, to uint64 before its 64-bit arithmetic.
   */
  private addWordNgrams(hidden: Float32Array, hashes: number[]): number {
    const n = this.model.args.wordNgrams;
    const bucket = BigInt(this.model.args.bucket);
    const widen = (hash: number) => BigInt.asUintN(64, BigInt(hash | 0));
    let rows = 0;
    for (let i = 0; i < hashes.length; i++) {
      let h = widen(hashes[i] as number);
      for (let j = i + 1; j < hashes.length && j < i + n; j++) {
        h = BigInt.asUintN(64, h * 116049371n + widen(hashes[j] as number));
        const row = this.bucketRow(Number(h % bucket));
        if (row >= 0) {
          this.inputRows.add(hidden, row);
          rows++;
        }
      }
    }
    return rows;
  }

  /**
   * Dictionary::computeSubwords of "<word>": character n-grams (minn..maxn, UTF-8 aware) hashed into buckets after
   * the words. Leaves their rows at the start of subwordRows and returns how many.
   */
  private computeSubwords(word: string): number {
    const { minn, maxn, bucket } = this.model.args;
    const length = this.encode(word, 1) + 1; // encode() may grow this.bytes: the brackets go in after it
    this.bytes[0] = 0x3c; // <
    this.bytes[length - 1] = 0x3e; // >
    const bytes = this.bytes;
    if (this.subwordRows.length < length * maxn) this.subwordRows = new Int32Array(length * maxn * 2);
    let count = 0;
    for (let i = 0; i < length; i++) {
      if (((bytes[i] as number) & 0xc0) === 0x80) continue;
      let j = i;
      for (let n = 1; j < length && n <= maxn; n++) {
        j++;
        while (j < length && ((bytes[j] as number) & 0xc0) === 0x80) j++;
        if (n >= minn && !(n === 1 && (i === 0 || j === length))) {
          const row = this.bucketRow(hashBytes(bytes, i, j) % bucket);
          if (row >= 0) this.subwordRows[count++] = row;
        }
      }
    }
    return count;
  }

  /** The model's words and labels → their ids. */
  private dictionary(): Map<string, number> {
    return new Map(this.model.words.map((entry, id) => [entry.word, id]));
  }

  /** Keeps the `count` rows computeSubwords left for a word outside the dictionary (words up to 32 characters). */
  private rememberUnknown(word: string, count: number): void {
    if (word.length > 32 || count > 1023) return;
    if (this.unknownRowsUsed + count > this.unknownRows.length && this.unknownRows.length < UNKNOWN_ROWS)
      this.unknownRows = grown(this.unknownRows, this.unknownRows.length * 2, this.unknownRowsUsed);
    if (this.unknownRowsUsed + count > this.unknownRows.length || this.unknownWords >= 65536) {
      this.tokens = this.dictionary();
      this.unknownWords = 0;
      this.unknownRowsUsed = 0;
    }
    const start = this.unknownRowsUsed;
    this.unknownRows.set(this.subwordRows.subarray(0, count), start);
    this.unknownRowsUsed += count;
    this.unknownWords++;
    this.tokens.set(word, -1 - (start * 1024 + count));
  }

  /** The input row of an n-gram bucket; -1 when pruning dropped it. */
  private bucketRow(bucketId: number): number {
    if (!this.prunedBuckets) return this.model.nwords + bucketId;
    const kept = this.prunedBuckets.get(bucketId);
    return kept < 0 ? -1 : this.model.nwords + kept;
  }

  /** UTF-8 of `text` into this.bytes at `at` (grown when short); returns its end. */
  private encode(text: string, at: number): number {
    if (this.bytes.length < at + text.length * 3 + 1) this.bytes = new Uint8Array((at + text.length * 3 + 1) * 2);
    return encodeUtf8Into(text, this.bytes, at);
  }

  /** HierarchicalSoftmaxLoss::predict: depth-first search of the label tree keeping the k best log-probabilities. */
  private hierarchical(hidden: Float32Array, k: number, threshold: number): Array<[number, number]> {
    const best: Array<[number, number]> = [];
    this.visit(2 * this.labels.length - 2, 0, hidden, k, stdLog(threshold), best);
    return best;
  }

  /** One node of the search; `best` stays sorted by score, a new score after equal ones (a stable sort's order). */
  private visit(
    node: number,
    score: number,
    hidden: Float32Array,
    k: number,
    floor: number,
    best: Array<[number, number]>,
  ): void {
    if (score < floor) return;
    if (best.length === k && score < (best[best.length - 1] as [number, number])[0]) return;
    const { left, right } = (this.tree as TreeNode[])[node] as TreeNode;
    if (left === -1 && right === -1) {
      let at = best.length;
      while (at > 0 && (best[at - 1] as [number, number])[0] < score) at--;
      best.splice(at, 0, [score, node]);
      if (best.length > k) best.pop();
      return;
    }
    const f = f32(1 / f32(1 + f32(Math.exp(-dotRow(this.model.output, hidden, node - this.labels.length)))));
    this.visit(left, f32(score + stdLog(1 - f)), hidden, k, floor, best);
    this.visit(right, f32(score + stdLog(f)), hidden, k, floor, best);
  }

  /** SoftmaxLoss::predict: every label's probability, the k best above the threshold. */
  private softmax(hidden: Float32Array, k: number, threshold: number): Array<[number, number]> {
    const scores = this.labels.map((_, i) => dotRow(this.model.output, hidden, i));
    const max = Math.max(...scores);
    const exps = scores.map((s) => f32(Math.exp(f32(s - max))));
    const total = exps.reduce((a, b) => f32(a + b), 0);
    return exps
      .map((e, i): [number, number] => [stdLog(f32(e / total)), i])
      .filter(([score]) => score >= stdLog(threshold))
      .sort((a, b) => b[0] - a[0])
      .slice(0, k);
  }
}
