// Splits texts into request-sized groups of indices, keeping each group sendable (one non-blank text at least).

/** The spec's limit of texts per inference request. */
export const MAX_TEXTS_PER_REQUEST = 8;

/**
 * Groups the indices of `texts` into consecutive chunks of at most `size`. The service rejects a
 * request whose texts are all blank, so a chunk of only blank texts swaps one of them for a
 * non-blank text of a chunk that holds two or more; answers map back by index, so order is kept.
 */
export function planChunks(texts: readonly string[], size: number = MAX_TEXTS_PER_REQUEST): number[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const chunks: number[][] = [];
  for (let start = 0; start < texts.length; start += size) {
    chunks.push(Array.from({ length: Math.min(size, texts.length - start) }, (_, k) => start + k));
  }
  const isBlank = (index: number): boolean => texts[index]!.trim() === '';
  for (const chunk of chunks) {
    if (!chunk.every(isBlank)) continue;
    const donor = chunks.find((other) => other.filter((index) => !isBlank(index)).length >= 2);
    if (!donor) break;
    const donorSlot = donor.findIndex((index) => !isBlank(index));
    [chunk[0], donor[donorSlot]] = [donor[donorSlot]!, chunk[0]!];
    chunk.sort((a, b) => a - b);
    donor.sort((a, b) => a - b);
  }
  return chunks;
}
