// fastText supervised prediction (predictLine) in TypeScript: tokens → subword rows → averaged hidden → k best labels.
import { LOSS, type FastTextModelFile, type Matrix, type ProductQuantizer } from './model-file.js';

const EOS = '</s>';
const BOW = '<';
const EOW = '>';
const LABEL_PREFIX = '__label__';
const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09, 0x0b, 0x0c, 0x00]);

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

// fastText computes in float32 (its `real`); every operation below is rounded to float32 the same way (fround after
// each +, ×, / is exact float arithmetic), so scores near the pruning floor fall on the same side as in fastText.
const f32 = Math.fround;

/** fastText's std_log(real x) = log(x + 1e-5), its argument and result in float32. */
const stdLog = (x: number) => f32(Math.log(f32(x) + 1e-5));

interface TreeNode {
  left: number;
  right: number;
  count: number;
}

/** The Huffman tree of hierarchical softmax, built from the label counts exactly as fastText's buildTree. */
function buildTree(counts: number[]): TreeNode[] {
  const osz = counts.length;
  const tree: TreeNode[] = Array.from({ length: 2 * osz - 1 }, () => ({ left: -1, right: -1, count: 1e15 }));
  counts.forEach((count, i) => {
    (tree[i] as TreeNode).count = count;
  });
  let leaf = osz - 1;
  let node = osz;
  for (let i = osz; i < 2 * osz - 1; i++) {
    const mini = [0, 0];
    for (let j = 0; j < 2; j++) {
      if (leaf >= 0 && (tree[leaf] as TreeNode).count < (tree[node] as TreeNode).count) mini[j] = leaf--;
      else mini[j] = node++;
    }
    const parent = tree[i] as TreeNode;
    parent.left = mini[0] as number;
    parent.right = mini[1] as number;
    parent.count = (tree[parent.left] as TreeNode).count + (tree[parent.right] as TreeNode).count;
  }
  return tree;
}

function centroidOffset(pq: ProductQuantizer, m: number, code: number): number {
  return m === pq.nsubq - 1 ? m * 256 * pq.dsub + code * pq.lastdsub : (m * 256 + code) * pq.dsub;
}

/** The quantised norm of row i when norms were quantised apart (qnorm), else 1. */
function rowNorm(matrix: Extract<Matrix, { kind: 'quant' }>, i: number): number {
  const { normCodes, normPq } = matrix;
  return normCodes && normPq ? (normPq.centroids[centroidOffset(normPq, 0, normCodes[i] as number)] as number) : 1;
}

/** x += row(i) (Matrix::addRowToVector). */
function addRow(matrix: Matrix, x: Float32Array, i: number): void {
  if (matrix.kind === 'dense') {
    const base = i * matrix.cols;
    for (let d = 0; d < matrix.cols; d++) x[d] = (x[d] as number) + (matrix.data[base + d] as number);
    return;
  }
  const { pq } = matrix;
  const alpha = rowNorm(matrix, i);
  const codeBase = pq.nsubq * i;
  for (let m = 0; m < pq.nsubq; m++) {
    const c = centroidOffset(pq, m, matrix.codes[codeBase + m] as number);
    const width = m === pq.nsubq - 1 ? pq.lastdsub : pq.dsub;
    for (let n = 0; n < width; n++)
      x[m * pq.dsub + n] = (x[m * pq.dsub + n] as number) + f32(alpha * (pq.centroids[c + n] as number));
  }
}

/** row(i) · x (Matrix::dotRow). */
function dotRow(matrix: Matrix, x: Float32Array, i: number): number {
  let sum = 0;
  if (matrix.kind === 'dense') {
    const base = i * matrix.cols;
    for (let d = 0; d < matrix.cols; d++) sum = f32(sum + f32((matrix.data[base + d] as number) * (x[d] as number)));
    return sum;
  }
  const { pq } = matrix;
  const norm = rowNorm(matrix, i);
  const codeBase = pq.nsubq * i;
  for (let m = 0; m < pq.nsubq; m++) {
    const c = centroidOffset(pq, m, matrix.codes[codeBase + m] as number);
    const width = m === pq.nsubq - 1 ? pq.lastdsub : pq.dsub;
    for (let n = 0; n < width; n++)
      sum = f32(sum + f32((x[m * pq.dsub + n] as number) * (pq.centroids[c + n] as number)));
  }
  return f32(sum * norm);
}

/** A loaded supervised fastText model; predict() gives what fastText's predict-prob prints for one line. */
export class FastTextPredictor {
  private readonly wordIds = new Map<string, number>();
  private readonly subwordsOfWord: Int32Array[] = [];
  private readonly labels: string[];
  private readonly tree: TreeNode[] | undefined;
  private readonly encoder = new TextEncoder();
  private readonly hidden: Float32Array;

  constructor(private readonly model: FastTextModelFile) {
    const { args, words, nwords } = model;
    if (args.loss !== LOSS.hs && args.loss !== LOSS.softmax)
      throw new Error(`fastText loss ${args.loss} is not supported (hierarchical softmax or softmax only)`);
    if (model.output.rows < (args.loss === LOSS.hs ? model.nlabels - 1 : model.nlabels))
      throw new Error('fastText model file: output rows do not match the labels');
    words.forEach((entry, id) => this.wordIds.set(entry.word, id));
    for (let id = 0; id < nwords; id++) {
      const word = (words[id] as { word: string }).word;
      const ids = [id];
      if (word !== EOS) this.computeSubwords(BOW + word + EOW, ids);
      this.subwordsOfWord.push(Int32Array.from(ids));
    }
    this.labels = words.slice(nwords).map((entry) => entry.word);
    this.tree = args.loss === LOSS.hs ? buildTree(words.slice(nwords).map((entry) => entry.count)) : undefined;
    this.hidden = new Float32Array(args.dim);
  }

  /** The k most probable labels of one line (fastText appends the end-of-line token, as its predict does). */
  predict(text: string, k = 1, threshold = 0): FastTextPrediction[] {
    const rows = this.lineRows(`${text}\n`);
    if (rows.length === 0) return [];
    const hidden = this.hidden.fill(0);
    for (const row of rows) addRow(this.model.input, hidden, row);
    const scale = f32(1 / rows.length);
    for (let d = 0; d < hidden.length; d++) hidden[d] = (hidden[d] as number) * scale;
    const best = this.tree ? this.hierarchical(hidden, k, threshold) : this.softmax(hidden, k, threshold);
    return best.map(([score, label]) => ({ label: this.labels[label] as string, probability: f32(Math.exp(score)) }));
  }

  /** Dictionary::getLine for a supervised model: each word's own row and subword rows; unknown words' subwords. */
  private lineRows(line: string): number[] {
    const rows: number[] = [];
    const wordHashes: number[] = [];
    const wordNgrams = this.model.args.wordNgrams > 1;
    for (const token of this.tokens(line)) {
      const id = this.wordIds.get(token);
      const isLabel = id === undefined ? token.startsWith(LABEL_PREFIX) : id >= this.model.nwords;
      if (!isLabel) {
        if (id !== undefined) rows.push(...(this.subwordsOfWord[id] as Int32Array));
        else if (token !== EOS) this.computeSubwords(BOW + token + EOW, rows);
        if (wordNgrams) {
          const bytes = this.encoder.encode(token);
          wordHashes.push(hashBytes(bytes, 0, bytes.length));
        }
      }
      if (token === EOS) break;
    }
    if (wordNgrams) this.addWordNgrams(rows, wordHashes);
    return rows;
  }

  /**
   * Dictionary::addWordNgrams: hashes of up to wordNgrams consecutive words. fastText keeps the word hashes as int32
   * and widens them, sign-extended, to uint64 before its 64-bit arithmetic.
   */
  private addWordNgrams(rows: number[], hashes: number[]): void {
    const n = this.model.args.wordNgrams;
    const bucket = BigInt(this.model.args.bucket);
    const widen = (hash: number) => BigInt.asUintN(64, BigInt(hash | 0));
    for (let i = 0; i < hashes.length; i++) {
      let h = widen(hashes[i] as number);
      for (let j = i + 1; j < hashes.length && j < i + n; j++) {
        h = BigInt.asUintN(64, h * 116049371n + widen(hashes[j] as number));
        this.pushBucket(rows, Number(h % bucket));
      }
    }
  }

  /** Dictionary::readWord: runs of non-whitespace bytes; a newline is the end-of-line token. */
  private *tokens(line: string): Generator<string> {
    let word = '';
    for (const ch of line) {
      const code = ch.codePointAt(0) as number;
      if (code < 0x80 && WHITESPACE.has(code)) {
        if (word !== '') {
          yield word;
          word = '';
        }
        if (ch === '\n') yield EOS;
        continue;
      }
      word += ch;
    }
    if (word !== '') yield word;
  }

  /** Dictionary::computeSubwords: character n-grams (minn..maxn, UTF-8 aware) hashed into buckets after the words. */
  private computeSubwords(word: string, out: number[]): void {
    const { minn, maxn, bucket } = this.model.args;
    const bytes = this.encoder.encode(word);
    for (let i = 0; i < bytes.length; i++) {
      if (((bytes[i] as number) & 0xc0) === 0x80) continue;
      let j = i;
      for (let n = 1; j < bytes.length && n <= maxn; n++) {
        j++;
        while (j < bytes.length && ((bytes[j] as number) & 0xc0) === 0x80) j++;
        if (n >= minn && !(n === 1 && (i === 0 || j === bytes.length)))
          this.pushBucket(out, hashBytes(bytes, i, j) % bucket);
      }
    }
  }

  private pushBucket(out: number[], bucketId: number): void {
    const { pruneIndex } = this.model;
    if (pruneIndex) {
      const kept = pruneIndex.get(bucketId);
      if (kept === undefined) return;
      out.push(this.model.nwords + kept);
      return;
    }
    out.push(this.model.nwords + bucketId);
  }

  /** HierarchicalSoftmaxLoss::predict: depth-first search of the label tree keeping the k best log-probabilities. */
  private hierarchical(hidden: Float32Array, k: number, threshold: number): Array<[number, number]> {
    const tree = this.tree as TreeNode[];
    const osz = this.labels.length;
    const best: Array<[number, number]> = [];
    const floor = stdLog(threshold);
    const visit = (node: number, score: number): void => {
      if (score < floor) return;
      if (best.length === k && score < (best[best.length - 1] as [number, number])[0]) return;
      const { left, right } = tree[node] as TreeNode;
      if (left === -1 && right === -1) {
        best.push([score, node]);
        best.sort((a, b) => b[0] - a[0]);
        if (best.length > k) best.pop();
        return;
      }
      const f = f32(1 / f32(1 + f32(Math.exp(-dotRow(this.model.output, hidden, node - osz)))));
      visit(left, f32(score + stdLog(1 - f)));
      visit(right, f32(score + stdLog(f)));
    };
    visit(2 * osz - 2, 0);
    return best;
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
