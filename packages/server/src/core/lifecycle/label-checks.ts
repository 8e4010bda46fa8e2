// The checks a model's labels and its labelled examples pass before they are stored.
import { invalid } from '../shared/domain-errors.js';
import type { LabelDefinition } from '../shared/types.js';
import type { LabelledText } from './types.js';

/** Label names are non-empty and unique; the error names the label at fault. */
export function assertLabels(labels: LabelDefinition[]): void {
  const seen = new Set<string>();
  labels.forEach((label, i) => {
    if (label.name.trim() === '') throw invalid(`labels[${i}].name`, 'a label name must not be empty');
    if (seen.has(label.name)) throw invalid(`labels[${i}].name`, `label "${label.name}" appears twice`);
    seen.add(label.name);
    assertLabelTexts(label, `labels[${i}]`);
  });
}

/**
 * A label as stored: its name and descriptions, and only the zero-shot fields it was given (description weights,
 * phrases with their weights, 1 unless set), so a label without them stays the same object it always was.
 */
export function storedLabel(label: {
  name: string;
  descriptions?: string[];
  description_weights?: number[];
  phrases?: Array<{ text: string; weight?: number }>;
}): LabelDefinition {
  return {
    name: label.name,
    descriptions: label.descriptions ?? [],
    ...(label.description_weights === undefined ? {} : { description_weights: label.description_weights }),
    ...(label.phrases === undefined
      ? {}
      : { phrases: label.phrases.map((p) => ({ text: p.text, weight: p.weight ?? 1 })) }),
  };
}

/** Phrases have text, weights are positive and finite, one weight per description; the error names the field. */
export function assertLabelTexts(label: LabelDefinition, field: string): void {
  const weights = label.description_weights;
  if (weights !== undefined && weights.length !== label.descriptions.length)
    throw invalid(
      `${field}.description_weights`,
      `${weights.length} weights for ${label.descriptions.length} descriptions; give one weight per description`,
    );
  weights?.forEach((w, j) => {
    if (!(Number.isFinite(w) && w > 0)) throw invalid(`${field}.description_weights[${j}]`, 'a weight must be above 0');
  });
  label.phrases?.forEach((phrase, j) => {
    if (phrase.text.trim() === '') throw invalid(`${field}.phrases[${j}].text`, 'a phrase must not be empty');
    if (!(Number.isFinite(phrase.weight) && phrase.weight > 0))
      throw invalid(`${field}.phrases[${j}].weight`, 'a weight must be above 0');
  });
}

/** Every example names a label of the model and has a text; the error names the example at fault. */
export function assertExampleLabels(labels: LabelDefinition[], examples: LabelledText[], field: string): void {
  const known = new Set(labels.map((l) => l.name));
  examples.forEach((example, i) => {
    if (!known.has(example.label))
      throw invalid(`${field}[${i}].label`, `"${example.label}" is not a label of the model`);
    if (example.text.trim() === '') throw invalid(`${field}[${i}].text`, 'an example text must not be empty');
  });
}
