// The Head of few-shot and fine-tuned models: a trained head graph run over the texts' embeddings.
import type { Head } from '../classification/heads.js';
import type { HeadGraphs } from '../ports/training.js';

/** Loads the graph once; each prediction runs it on the batch's embeddings. Throws when a row does not match the labels. */
export async function trainedHead(graph: Uint8Array, labels: readonly string[], graphs: HeadGraphs): Promise<Head> {
  const loaded = await graphs.load(graph);
  return {
    labels: [...labels],
    async predict(input) {
      if (input.texts.length === 0) return [];
      const rows = await loaded.run(await input.embeddings());
      for (const row of rows) {
        if (row.length !== labels.length)
          throw new Error(`the head graph gives ${row.length} probabilities for ${labels.length} labels`);
      }
      return rows;
    },
    release: () => loaded.release(),
  };
}
