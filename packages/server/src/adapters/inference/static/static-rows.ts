// A static table's rows read on demand from model.onnx (never the whole table), kept in a small CLOCK cache.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { StaticGraphLayout, TensorBytes } from './static-graph-recognise.js';

/** Bytes of decoded rows kept in memory (the cache holds floor(this / (dimension × 4)) rows; 10,485 of 100 dims). */
export const STATIC_ROW_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * Rows of a [vocabSize, dimension] table as the graph's Gather (and, for int8, Cast × scale) gives them. Each row is
 * read from the file at its offset the first time it is needed (with its scale, 4 bytes read beside it, so the scales
 * of rows never used take no memory) and kept in a fixed set of slots: one Float32Array of slots × dimension, the id in
 * each slot, and a slot per id (Int32Array, 4 bytes a row, its pages touched only as rows are used). When the slots are full, a CLOCK sweep evicts the first slot not
 * used since the hand last passed: O(1) per lookup (a bit set on a hit), no per-entry objects, and rows in steady
 * use (frequent words, a Zipf distribution) stay while words seen once make way.
 */
export class StaticRows {
  readonly vocabSize: number;
  readonly dimension: number;
  private readonly values: Float32Array;
  private readonly idOfSlot: Int32Array;
  /** Slot + 1 of each id's row, 0 when it is not cached (zeros need no writing: untouched pages stay unused). */
  private readonly slotOfId: Int32Array;
  private readonly used: Uint8Array;
  private readonly rowBytes: number;
  /** One row's stored bytes, reused by every read. */
  private readonly buffer: Buffer;
  private readonly view: DataView;
  /** One row's scale (int8 tables), reused by every read. */
  private readonly scale = Buffer.alloc(4);
  private filled = 0;
  private hand = 0;
  private fd: number | undefined;

  private constructor(
    private readonly layout: StaticGraphLayout,
    fd: number | undefined,
    capacityBytes: number,
  ) {
    this.fd = fd;
    this.vocabSize = layout.vocabSize;
    this.dimension = layout.dimension;
    this.rowBytes = layout.dimension * (layout.storage === 'int8' ? 1 : 4);
    this.buffer = Buffer.alloc(this.rowBytes);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
    const slots = Math.max(1, Math.min(layout.vocabSize, Math.floor(capacityBytes / (layout.dimension * 4))));
    this.values = new Float32Array(slots * layout.dimension);
    this.idOfSlot = new Int32Array(slots);
    this.slotOfId = new Int32Array(layout.vocabSize);
    this.used = new Uint8Array(slots);
  }

  /** Opens the model file when a table lies in it; rows and their scales are read when asked for. */
  static open(path: string, layout: StaticGraphLayout, capacityBytes = STATIC_ROW_CACHE_BYTES): StaticRows {
    const inFile = [layout.table, layout.scales].some((bytes) => bytes?.kind === 'file');
    const fd = inFile ? openSync(path, 'r') : undefined;
    try {
      if (fd !== undefined) checkRanges(fd, [layout.table, layout.scales]);
      return new StaticRows(layout, fd, capacityBytes);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      throw error;
    }
  }

  /** Slots the cache has (rows it can hold at once). */
  get slots(): number {
    return this.idOfSlot.length;
  }

  /** The values array and the offset of row `id` in it; valid until the next call. */
  row(id: number): { values: Float32Array; offset: number } {
    if (!Number.isInteger(id) || id < 0 || id >= this.vocabSize) {
      throw new Error(`token id ${id} is outside the table of ${this.vocabSize} rows`);
    }
    const cached = this.slotOfId[id] as number;
    const slot = cached > 0 ? cached - 1 : this.load(id);
    this.used[slot] = 1;
    return { values: this.values, offset: slot * this.dimension };
  }

  /** Closes the model file; row() must not be called afterwards. */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private load(id: number): number {
    const slot = this.freeSlot();
    this.read(this.layout.table, id * this.rowBytes, this.buffer);
    const at = slot * this.dimension;
    if (this.layout.scales) {
      this.read(this.layout.scales, id * 4, this.scale);
      const scale = this.scale.readFloatLE(0);
      for (let d = 0; d < this.dimension; d++) this.values[at + d] = this.view.getInt8(d) * scale;
    } else {
      for (let d = 0; d < this.dimension; d++) this.values[at + d] = this.view.getFloat32(d * 4, true);
    }
    this.idOfSlot[slot] = id;
    this.slotOfId[id] = slot + 1;
    return slot;
  }

  private freeSlot(): number {
    if (this.filled < this.idOfSlot.length) return this.filled++;
    for (;;) {
      const slot = this.hand;
      this.hand = (slot + 1) % this.idOfSlot.length;
      if (this.used[slot]) this.used[slot] = 0;
      else {
        this.slotOfId[this.idOfSlot[slot] as number] = 0;
        return slot;
      }
    }
  }

  /** The tensor's bytes from `start` into the whole of `into`. */
  private read(bytes: TensorBytes, start: number, into: Buffer): void {
    const length = into.length;
    if (bytes.kind === 'inline') {
      into.set(bytes.bytes.subarray(start, start + length));
      return;
    }
    if (this.fd === undefined) throw new Error('the static table is closed');
    let done = 0;
    while (done < length) {
      const got = readSync(this.fd, into, done, length - done, bytes.offset + start + done);
      if (got === 0) throw new Error('model.onnx is shorter than when it was loaded');
      done += got;
    }
  }
}

function checkRanges(fd: number, ranges: Array<TensorBytes | undefined>): void {
  const size = fstatSync(fd).size;
  for (const range of ranges) {
    if (range?.kind === 'file' && range.offset + range.length > size) {
      throw new Error('model.onnx is truncated: a table runs past the end of the file');
    }
  }
}
