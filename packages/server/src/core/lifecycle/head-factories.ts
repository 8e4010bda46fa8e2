// The head of every model kind: zero-shot prototypes, trained ONNX heads (few-shot, fine-tuned) read from the model's version, LLM endpoints.
import type { HeadFactory } from '../classification/heads.js';
import { llmHead, type LlmHeadOptions } from '../llm/llm-head.js';
import type { ChatCompletions } from '../ports/chat.js';
import type { ModelType } from '../shared/types.js';
import type { HeadGraphs } from '../ports/training.js';
import { trainedHead } from '../training/trained-head.js';
import { headFeaturesOf } from '../training/clause-features.js';
import { zeroShotHead } from '../classification/zero-shot.js';
import { zeroShotMultiLabelHead } from '../classification/zero-shot-multi-label.js';
import type { ModelLifecycleRepository } from '../ports/lifecycle.js';

export interface HeadFactoryDeps {
  lifecycle: ModelLifecycleRepository;
  graphs: HeadGraphs;
  chat: ChatCompletions;
  llm?: LlmHeadOptions;
}

export function headFactories(deps: HeadFactoryDeps): Record<ModelType, HeadFactory> {
  const trained: HeadFactory = async (model, encoder) => {
    if (model.version === null) throw new Error(`model ${model.id} has no trained version`);
    const graph = await deps.lifecycle.headGraph(model.id, model.version);
    if (!graph) throw new Error(`version ${model.version} of model ${model.id} has no head graph`);
    return trainedHead(
      graph,
      model.labels.map((l) => l.name),
      deps.graphs,
      headFeaturesOf(model.config) === 'text+clauses' ? { clausesFrom: encoder, workspaceId: model.workspaceId } : {},
    );
  };
  return {
    'zero-shot': (model, encoder) =>
      model.config.multi_label === true ? zeroShotMultiLabelHead(model, encoder) : zeroShotHead(model, encoder),
    'few-shot': trained,
    'fine-tuned': trained,
    llm: async (model) => llmHead(model, deps.chat, deps.llm),
  };
}
