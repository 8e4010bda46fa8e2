// Similarity of two text sets: mostly meaning (embedding cosine), a little surface (character trigrams).
import { charNgrams, ngramOverlap } from './char-ngrams.js';
import { invalid } from '../shared/domain-errors.js';
import type { EncoderProvider } from '../ports/encoders.js';
import { dot } from './vectors.js';

export const MAX_SIMILARITY_TEXTS = 200;
export const SEMANTIC_WEIGHT = 0.85;
export const SURFACE_WEIGHT = 1 - SEMANTIC_WEIGHT;

export interface SimilarityMatch {
  id: string;
  similarity: number;
}

export class SimilarityService {
  constructor(private readonly encoders: EncoderProvider) {}

  async score(
    baseTexts: Record<string, string>,
    compareTexts: Record<string, string>,
    topN?: number,
    /** The workspace asking (the encoder's queue takes turns between workspaces). */
    workspaceId?: number,
  ): Promise<Record<string, SimilarityMatch[]>> {
    const base = Object.entries(baseTexts);
    const compare = Object.entries(compareTexts);
    if (base.length === 0) throw invalid('base_texts', 'at least one text is required');
    if (compare.length === 0) throw invalid('compare_to_texts', 'at least one text is required');
    if (base.length + compare.length > MAX_SIMILARITY_TEXTS) {
      throw invalid(
        'base_texts',
        `base_texts and compare_to_texts together hold at most ${MAX_SIMILARITY_TEXTS} texts, got ${base.length + compare.length}`,
      );
    }
    const encoder = this.encoders.get(this.encoders.defaultId);
    const vectors = await encoder.embed([...base.map(([, t]) => t), ...compare.map(([, t]) => t)], { workspaceId });
    const baseGrams = base.map(([, t]) => charNgrams(t));
    const result: Array<[string, SimilarityMatch[]]> = compare.map(([compareId, text], ci) => {
      const vector = vectors[base.length + ci]!;
      const grams = charNgrams(text);
      const matches = base.map(([baseId], bi) => ({
        id: baseId,
        similarity: blend(dot(vector, vectors[bi]!), ngramOverlap(grams, baseGrams[bi]!)),
      }));
      matches.sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id));
      return [compareId, topN === undefined ? matches : matches.slice(0, topN)];
    });
    return Object.fromEntries(result);
  }
}

/** Blends a cosine (clamped to [0, 1]) with a surface overlap in [0, 1]. */
export function blend(cosine: number, surface: number): number {
  const semantic = Math.min(1, Math.max(0, cosine));
  return Math.round((SEMANTIC_WEIGHT * semantic + SURFACE_WEIGHT * surface) * 1e6) / 1e6;
}
