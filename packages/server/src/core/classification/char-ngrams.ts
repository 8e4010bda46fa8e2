// Surface similarity: Dice overlap of character trigrams of the normalised texts.

export function normalizeSurface(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function charNgrams(text: string, n = 3): Map<string, number> {
  const grams = new Map<string, number>();
  const padded = ` ${normalizeSurface(text)} `;
  const chars = Array.from(padded);
  for (let i = 0; i + n <= chars.length; i += 1) {
    const gram = chars.slice(i, i + n).join('');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of two n-gram multisets, in [0, 1]. */
export function ngramOverlap(a: Map<string, number>, b: Map<string, number>): number {
  let sizeA = 0,
    sizeB = 0,
    shared = 0;
  for (const count of a.values()) sizeA += count;
  for (const [gram, count] of b) {
    sizeB += count;
    shared += Math.min(count, a.get(gram) ?? 0);
  }
  return sizeA + sizeB === 0 ? 0 : (2 * shared) / (sizeA + sizeB);
}
