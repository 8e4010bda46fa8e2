// The Head of few-shot and fine-tuned models: a trained head graph run over the texts' embeddings (and their clauses', when it reads them).
import type { Head } from '../classification/heads.js';
import type { Encoder } from '../ports/encoders.js';
import type { HeadGraphs } from '../ports/training.js';
import { clauseFeatures } from './clause-features.js';

export interface TrainedHeadOptions {
  /** A 'text+clauses' head: the encoder its clauses are embedded with (the model's), for the model's workspace. */
  clausesFrom?: Encoder;
  workspaceId?: number;
}

/** Loads the graph once; each prediction runs it on the batch's features. Throws when a row does not match the labels. */
export async function trainedHead(
  graph: Uint8Array,
  labels: readonly string[],
  graphs: HeadGraphs,
  options: TrainedHeadOptions = {},
): Promise<Head> {
  const loaded = await graphs.load(graph);
  const { clausesFrom, workspaceId } = options;
  return {
    labels: [...labels],
    async predict(input) {
      if (input.texts.length === 0) return [];
      const embeddings = await input.embeddings();
      const features = clausesFrom
        ? await clauseFeatures(input.texts, embeddings, (clauses) => clausesFrom.embed(clauses, { workspaceId }))
        : embeddings;
      const rows = await loaded.run(features);
      for (const row of rows) {
        if (row.length !== labels.length)
          throw new Error(`the head graph gives ${row.length} probabilities for ${labels.length} labels`);
      }
      return rows;
    },
    release: () => loaded.release(),
  };
}
