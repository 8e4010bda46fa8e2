// The checks a model's labels and its labelled examples pass before they are stored.
import { invalid } from '../shared/errors.js';
import type { LabelDefinition } from '../shared/types.js';
import type { LabelledText } from './types.js';

/** Label names are non-empty and unique; the error names the label at fault. */
export function assertLabels(labels: LabelDefinition[]): void {
  const seen = new Set<string>();
  labels.forEach((label, i) => {
    if (label.name.trim() === '') throw invalid(`labels[${i}].name`, 'a label name must not be empty');
    if (seen.has(label.name)) throw invalid(`labels[${i}].name`, `label "${label.name}" appears twice`);
    seen.add(label.name);
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
