// Groups tokenised texts into padded int64 batches of similar length under a token budget.

/** One padded batch: rows are the texts at `indices` (positions in the input). */
export interface TokenBatch {
  indices: number[];
  rows: number;
  sequence: number;
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
}

export interface BatchLimits {
  /** Most cells (rows × padded sequence length) in one batch. */
  maxCells: number;
  /** Most texts in one batch. */
  maxRows: number;
  /**
   * Most rows × sequence² in one batch: a transformer's attention holds rows × heads × sequence² floats, so this bounds
   * its largest tensor where maxCells alone would let a batch of long rows grow quadratically. Absent: no bound.
   */
  maxAttentionCells?: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxCells: 32_768, maxRows: 256 };

function pad(encoded: Int32Array[], indices: number[], sequence: number): TokenBatch {
  const inputIds = new BigInt64Array(indices.length * sequence);
  const attentionMask = new BigInt64Array(indices.length * sequence);
  indices.forEach((textIndex, row) => {
    const ids = encoded[textIndex] as Int32Array;
    const offset = row * sequence;
    for (let i = 0; i < ids.length; i++) {
      inputIds[offset + i] = BigInt(ids[i] as number);
      attentionMask[offset + i] = 1n;
    }
  });
  return { indices, rows: indices.length, sequence, inputIds, attentionMask };
}

/**
 * Sorts texts by token count and cuts them into batches so that padding stays small and no batch
 * exceeds the limits (a single text longer than maxCells or maxAttentionCells still gets a batch of its own).
 * Every batch has a sequence length of at least 1, so texts with no known token run as all-padding rows.
 */
export function packTokenBatches(encoded: Int32Array[], limits: BatchLimits = DEFAULT_BATCH_LIMITS): TokenBatch[] {
  const lengths = encoded.map((ids) => Math.max(1, ids.length));
  const order = lengths.map((_, i) => i).sort((a, b) => (lengths[a] as number) - (lengths[b] as number) || a - b);
  const batches: TokenBatch[] = [];
  let current: number[] = [];
  let longest = 1;
  for (const index of order) {
    const length = lengths[index] as number;
    const rows = current.length + 1;
    const attention = rows * length * length;
    if (
      current.length > 0 &&
      (rows > limits.maxRows || rows * length > limits.maxCells || attention > (limits.maxAttentionCells ?? Infinity))
    ) {
      batches.push(pad(encoded, current, longest));
      current = [];
    }
    current.push(index);
    longest = length;
  }
  if (current.length > 0) batches.push(pad(encoded, current, longest));
  return batches;
}
