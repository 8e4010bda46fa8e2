// The rows that pruning kept for n-gram buckets, in int32 arrays grouped by bucket range (a Map lookup per n-gram is slow).

/**
 * Kept buckets → their row index after the words. The kept buckets are spread evenly over [0, bucket count) (they are
 * hashes), so they are grouped by bucket >> shift, about one or two per group: a lookup reads the group's start and
 * end and compares a key or two. 11 bytes per kept bucket (lid.176: 42,765 buckets in 0.45 MiB).
 */
export class PrunedBucketRows {
  /** Group g holds the pairs keys/rows[starts[g], starts[g + 1]), in the file's order. */
  private readonly starts: Int32Array;
  private readonly keys: Int32Array;
  private readonly rows: Int32Array;
  private readonly shift: number;

  /** From the file's pairs: buckets[i] kept as rows[i]; a bucket given twice keeps its later row (as a map would). */
  constructor(buckets: Int32Array, rows: Int32Array) {
    let largest = 0;
    for (const bucket of buckets) {
      if (!(bucket >= 0)) throw new Error(`fastText model file: pruned bucket ${bucket}`);
      largest = Math.max(largest, bucket);
    }
    let shift = 0;
    while (shift < 30 && largest >>> shift > Math.max(1, buckets.length)) shift++;
    this.shift = shift;
    const starts = new Int32Array((largest >>> shift) + 2);
    for (const bucket of buckets) starts[(bucket >>> shift) + 1] = (starts[(bucket >>> shift) + 1] as number) + 1;
    for (let g = 1; g < starts.length; g++) starts[g] = (starts[g] as number) + (starts[g - 1] as number);
    const next = starts.slice(0, -1);
    this.keys = new Int32Array(buckets.length);
    this.rows = new Int32Array(buckets.length);
    buckets.forEach((bucket, i) => {
      const at = next[bucket >>> shift] as number;
      next[bucket >>> shift] = at + 1;
      this.keys[at] = bucket;
      this.rows[at] = rows[i] as number;
    });
    this.starts = starts;
  }

  /** How many bucket entries the file gave. */
  get size(): number {
    return this.keys.length;
  }

  /** The kept row of a bucket (0 ≤ bucket < 2³¹), or -1 when pruning dropped it. */
  get(bucket: number): number {
    const group = bucket >>> this.shift;
    let i = this.starts[group + 1];
    if (i === undefined) return -1;
    const first = this.starts[group] as number;
    const keys = this.keys;
    // From the group's end: of a bucket given twice, the later entry.
    while (i > first) if (keys[--i] === bucket) return this.rows[i] as number;
    return -1;
  }
}
