// Wraps the head factories so that each head's predict() is a span: the head alone, its texts' embeddings computed before it starts.
import type { Head, HeadFactory, HeadInput } from '../../core/classification/heads.js';
import { readsEmbeddings } from '../../core/classification/model-runners.js';
import type { Model, ModelType } from '../../core/shared/types.js';
import { inSpan, type Tracing } from './tracing.js';

function tracedHead(head: Head, model: Model, tracing: Tracing): Head {
  const attributes = {
    'textclass.model.id': model.id,
    'textclass.model.type': model.type,
    'textclass.model.version': model.version ?? undefined,
    'textclass.model.encoder': model.config.encoder,
    'textclass.head.labels': head.labels.length,
  };
  const predict = async (input: HeadInput): Promise<number[][]> => {
    // The encoder batch gets its own span: wait for the embeddings first, so this span times the head only.
    const vectors = readsEmbeddings(model) ? await input.embeddings() : undefined;
    const ready: HeadInput = vectors ? { texts: input.texts, embeddings: async () => vectors } : input;
    return inSpan(
      tracing,
      'classification head',
      { attributes: { ...attributes, 'textclass.head.texts': input.texts.length } },
      () => head.predict(ready),
    );
  };
  return {
    labels: head.labels,
    predict,
    ...(head.release ? { release: head.release.bind(head) } : {}),
  };
}

/** The same factories, with spans when tracing is on. */
export function tracedHeadFactories<F extends Partial<Record<ModelType, HeadFactory>>>(
  factories: F,
  tracing: Tracing,
): F {
  if (!tracing.enabled) return factories;
  const traced: Partial<Record<ModelType, HeadFactory>> = {};
  for (const [type, factory] of Object.entries(factories) as Array<[ModelType, HeadFactory | undefined]>) {
    if (factory) traced[type] = async (model, encoder) => tracedHead(await factory(model, encoder), model, tracing);
  }
  return traced as F;
}
