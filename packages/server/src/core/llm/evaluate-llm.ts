// Evaluates an llm model on a labelled set: each text classified by its endpoint, scored with the shared metrics.
import { invalid } from '../shared/domain-errors.js';
import { evaluatePredictions } from '../training/label-scores.js';
import type { Model, ModelMetrics } from '../shared/types.js';
import type { ChatCompletions } from '../ports/chat.js';
import { classifyWithLlm, type LlmHeadOptions } from './llm-head.js';

export interface LabelledText {
  text: string;
  label: string;
}

/** Accuracy, macro-F1 and per-class scores; an answer that names no label counts as wrong (not as the first label). */
export async function evaluateLlm(
  model: Model,
  labelled: readonly LabelledText[],
  chat: ChatCompletions,
  options: LlmHeadOptions = {},
): Promise<ModelMetrics> {
  const names = model.labels.map((l) => l.name);
  labelled.forEach((example, i) => {
    if (!names.includes(example.label))
      throw invalid(`labelled[${i}].label`, `"${example.label}" is not a label of the model`);
  });
  const answers = await classifyWithLlm(
    model,
    chat,
    labelled.map((e) => e.text),
    options,
  );
  return evaluatePredictions(
    names,
    labelled.map((e) => e.label),
    answers.map((a) => a.label ?? ''),
  );
}
