// Clause features: a text's embedding beside those of its opening clause and of the rest, so a head can weigh "Great," against "the train is cancelled again".

/** What a fine-tuned head reads: the text's embedding alone, or beside its two clauses' (three times the width). */
export type HeadFeatures = 'text' | 'text+clauses';

/**
 * The first clause break: a comma (not one between digits, as in 1,5), a semicolon, a colon (not one between digits, as
 * in 8:30, nor a URL's "://"), in Latin or CJK form, or the ideographic comma.
 */
const CLAUSE_BREAK = /(?<!\d),|,(?!\d)|(?<!\d):(?!\/\/)|:(?![\d/])|[，、;；：]/u;

/** The opening clause and the rest of a text, split at its first clause break; null when it has none (or either side is empty). */
export function clauseParts(text: string): [string, string] | null {
  const found = CLAUSE_BREAK.exec(text);
  if (!found) return null;
  const opening = text.slice(0, found.index).trim();
  const rest = text.slice(found.index + found[0].length).trim();
  return opening === '' || rest === '' ? null : [opening, rest];
}

/**
 * Each text's features for a 'text+clauses' head: [text, opening clause, rest] embeddings end to end; a text without a
 * break repeats its own embedding. `textEmbeddings` are the texts' own; `embed` is called once, for the distinct clauses.
 */
export async function clauseFeatures(
  texts: readonly string[],
  textEmbeddings: readonly Float32Array[],
  embed: (texts: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const parts = texts.map(clauseParts);
  const distinct = [...new Set(parts.flatMap((p) => p ?? []))];
  const vectors = distinct.length > 0 ? await embed(distinct) : [];
  const byClause = new Map(distinct.map((clause, i) => [clause, vectors[i] as Float32Array]));
  return textEmbeddings.map((own, i) => {
    const [opening, rest] = parts[i]?.map((clause) => byClause.get(clause) as Float32Array) ?? [own, own];
    const row = new Float32Array(own.length * 3);
    row.set(own, 0);
    row.set(opening as Float32Array, own.length);
    row.set(rest as Float32Array, own.length * 2);
    return row;
  });
}

/** The row a head of these features reads for an example: its text's embedding, or its clause features (it must carry them). */
export function featureRow(
  example: { embedding: Float32Array; clauses?: Float32Array },
  features: HeadFeatures,
): Float32Array {
  if (features === 'text') return example.embedding;
  if (!example.clauses) throw new Error("a 'text+clauses' head needs the example's clause features");
  return example.clauses;
}

/** What a version's head reads, from its `config.head` (versions trained before clause features: the text). */
export function headFeaturesOf(config: Readonly<Record<string, unknown>>): HeadFeatures {
  const { head } = config;
  const features = typeof head === 'object' && head !== null ? (head as { features?: unknown }).features : undefined;
  return features === 'text+clauses' ? 'text+clauses' : 'text';
}

/** The width of the rows a head of these features reads over an encoder of `dimension`. */
export const featureWidth = (dimension: number, features: HeadFeatures): number =>
  features === 'text' ? dimension : 3 * dimension;
