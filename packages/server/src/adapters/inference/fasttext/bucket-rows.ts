// The rows that pruning kept for n-gram buckets, as an open-addressing table of int32s (a Map lookup per n-gram is slow).

/** Kept buckets → their row index after the words; a linear-probing table twice the size of the kept set or more. */
export class PrunedBucketRows {
  private readonly keys: Int32Array;
  private readonly rows: Int32Array;
  private readonly mask: number;
  private count = 0;

  /** A table for up to `capacity` kept buckets. */
  constructor(capacity: number) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.keys = new Int32Array(size).fill(-1);
    this.rows = new Int32Array(size);
    this.mask = size - 1;
  }

  /** How many buckets are kept. */
  get size(): number {
    return this.count;
  }

  /** Keeps a bucket's row; a bucket kept twice keeps its later row (as the file's pruneidx_ map reads it). */
  set(bucket: number, row: number): void {
    if (!(bucket >= 0 && bucket <= 0x7fffffff)) throw new Error(`fastText model file: pruned bucket ${bucket}`);
    let slot = this.slot(bucket);
    while (this.keys[slot] !== -1 && this.keys[slot] !== bucket) slot = (slot + 1) & this.mask;
    if (this.keys[slot] === -1) {
      if (2 * (this.count + 1) > this.keys.length)
        throw new Error('fastText model file: more pruned buckets than told');
      this.count++;
    }
    this.keys[slot] = bucket;
    this.rows[slot] = row;
  }

  /** The kept row of a bucket (0 ≤ bucket < 2³¹), or -1 when pruning dropped it. */
  get(bucket: number): number {
    for (let slot = this.slot(bucket); ; slot = (slot + 1) & this.mask) {
      const key = this.keys[slot] as number;
      if (key === bucket) return this.rows[slot] as number;
      if (key === -1) return -1;
    }
  }

  private slot(bucket: number): number {
    return (Math.imul(bucket, 0x9e3779b1) >>> 7) & this.mask;
  }
}
