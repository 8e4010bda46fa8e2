// Reads a fastText model file (.bin or quantised .ftz, format version 12) into typed arrays, for prediction in TypeScript.
import { PrunedBucketRows } from './bucket-rows.js';

const MAGIC = 793712314;
const VERSION = 12;

export const LOSS = { hs: 1, ns: 2, softmax: 3, ova: 4 } as const;

export interface FastTextArgs {
  dim: number;
  wordNgrams: number;
  loss: number;
  bucket: number;
  minn: number;
  maxn: number;
}

export interface DictionaryEntry {
  word: string;
  count: number;
  /** 0: word, 1: label. */
  type: 0 | 1;
}

/** Product quantiser: each row is nsubq codes of 8 bits; centroid m of code c holds dsub (lastdsub for the last) floats. */
export interface ProductQuantizer {
  dim: number;
  nsubq: number;
  dsub: number;
  lastdsub: number;
  centroids: Float32Array;
}

export interface DenseMatrix {
  kind: 'dense';
  rows: number;
  cols: number;
  data: Float32Array;
}

export interface QuantMatrix {
  kind: 'quant';
  rows: number;
  cols: number;
  codes: Uint8Array;
  pq: ProductQuantizer;
  /** Set when row norms were quantised separately (qnorm): one code per row into normPq. */
  normCodes?: Uint8Array;
  normPq?: ProductQuantizer;
}

export type Matrix = DenseMatrix | QuantMatrix;

export interface FastTextModelFile {
  args: FastTextArgs;
  words: DictionaryEntry[];
  nwords: number;
  nlabels: number;
  /** Pruned n-gram buckets → their row after the words (absent: no pruning). */
  pruneIndex: PrunedBucketRows | undefined;
  input: Matrix;
  output: Matrix;
}

class Reader {
  private offset = 0;
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(length: number): void {
    if (this.offset + length > this.bytes.length)
      throw new Error(`fastText model file ends early (at byte ${this.offset}, needs ${length} more)`);
  }

  int32(): number {
    this.need(4);
    const value = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return value;
  }

  int64(): number {
    this.need(8);
    const value = this.view.getBigInt64(this.offset, true);
    this.offset += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
      throw new Error('fastText model file: 64-bit value out of range');
    return Number(value);
  }

  float64(): number {
    this.need(8);
    const value = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return value;
  }

  byte(): number {
    this.need(1);
    return this.bytes[this.offset++] as number;
  }

  /** A NUL-terminated UTF-8 string. */
  cString(): string {
    const end = this.bytes.indexOf(0, this.offset);
    if (end < 0) throw new Error('fastText model file: unterminated string');
    const text = new TextDecoder().decode(this.bytes.subarray(this.offset, end));
    this.offset = end + 1;
    return text;
  }

  uint8s(count: number): Uint8Array {
    this.need(count);
    const out = this.bytes.slice(this.offset, this.offset + count);
    this.offset += count;
    return out;
  }

  float32s(count: number): Float32Array {
    this.need(count * 4);
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = this.view.getFloat32(this.offset + i * 4, true);
    this.offset += count * 4;
    return out;
  }

  get done(): boolean {
    return this.offset === this.bytes.length;
  }
}

function readArgs(r: Reader): FastTextArgs {
  const [dim, , , , , wordNgrams, loss, , bucket, minn, maxn] = Array.from({ length: 12 }, () => r.int32());
  r.float64(); // sampling threshold t
  return {
    dim: dim as number,
    wordNgrams: wordNgrams as number,
    loss: loss as number,
    bucket: bucket as number,
    minn: minn as number,
    maxn: maxn as number,
  };
}

function readQuantizer(r: Reader): ProductQuantizer {
  const dim = r.int32();
  const nsubq = r.int32();
  const dsub = r.int32();
  const lastdsub = r.int32();
  return { dim, nsubq, dsub, lastdsub, centroids: r.float32s(dim * 256) };
}

function readDense(r: Reader): DenseMatrix {
  const rows = r.int64();
  const cols = r.int64();
  return { kind: 'dense', rows, cols, data: r.float32s(rows * cols) };
}

function readQuant(r: Reader): QuantMatrix {
  const qnorm = r.byte() !== 0;
  const rows = r.int64();
  const cols = r.int64();
  const codeSize = r.int32();
  const codes = r.uint8s(codeSize);
  const pq = readQuantizer(r);
  if (!qnorm) return { kind: 'quant', rows, cols, codes, pq };
  const normCodes = r.uint8s(rows);
  return { kind: 'quant', rows, cols, codes, pq, normCodes, normPq: readQuantizer(r) };
}

/** Parses the file's bytes; throws on a wrong magic number, version or a truncated file. */
export function readFastTextModel(bytes: Uint8Array): FastTextModelFile {
  const r = new Reader(bytes);
  if (r.int32() !== MAGIC) throw new Error('not a fastText model file (wrong magic number)');
  const version = r.int32();
  if (version !== VERSION)
    throw new Error(`fastText model file version ${version} is not supported (expected ${VERSION})`);
  const args = readArgs(r);
  const size = r.int32();
  const nwords = r.int32();
  const nlabels = r.int32();
  r.int64(); // ntokens
  const pruneSize = r.int64();
  const words: DictionaryEntry[] = [];
  for (let i = 0; i < size; i++) {
    const word = r.cString();
    const count = r.int64();
    const type = r.byte();
    if (type !== 0 && type !== 1) throw new Error(`fastText model file: unknown entry type ${type}`);
    words.push({ word, count, type });
  }
  let pruneIndex: PrunedBucketRows | undefined;
  if (pruneSize >= 0) {
    if (pruneSize > (bytes.length - 8) / 8)
      throw new Error(`fastText model file ends early (${pruneSize} pruned buckets)`);
    const buckets = new Int32Array(pruneSize);
    const rows = new Int32Array(pruneSize);
    for (let i = 0; i < pruneSize; i++) {
      buckets[i] = r.int32();
      rows[i] = r.int32();
    }
    pruneIndex = new PrunedBucketRows(buckets, rows);
  }
  const input = r.byte() !== 0 ? readQuant(r) : readDense(r);
  const output = r.byte() !== 0 ? readQuant(r) : readDense(r);
  if (!r.done) throw new Error('fastText model file has trailing bytes');
  if (input.cols !== args.dim || output.cols !== args.dim)
    throw new Error('fastText model file: matrix widths differ from dim');
  return { args, words, nwords, nlabels, pruneIndex, input, output };
}
