// Examples as clients send them (`label`, or `labels` for a multi-label model) checked and normalised for storage.
import { DomainError, invalid } from '../shared/domain-errors.js';
import type { LabelDefinition } from '../shared/types.js';
import { assertExampleLabels } from './label-checks.js';
import type { LabelledText } from './types.js';

/** What separates several labels in one cell of a file or a dataset column (`refund|complaint`). */
export const LABEL_SEPARATOR = '|';

/** An example as received: `label`, or (multi-label models only) `labels`; exactly one of the two. */
export interface ExampleInput {
  text: string;
  label?: string | undefined;
  labels?: string[] | undefined;
}

/** Splits a cell such as "refund | complaint" into its labels (trimmed, empty parts dropped, first occurrence kept). */
export function splitLabels(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(LABEL_SEPARATOR)
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    ),
  ];
}

/**
 * Checks examples against a model's labels and returns them as stored: a single-label model takes `label` only (as
 * before); a multi-label model takes `label` (one label, or several separated by `|`) or `labels` (not both), each
 * naming labels of the model, and stores every example with `labels` (and `label` = its first label). Errors name the
 * example and field at fault.
 */
export function normaliseExamples(
  labels: LabelDefinition[],
  multiLabel: boolean,
  examples: readonly ExampleInput[],
  field: string,
): LabelledText[] {
  const out: LabelledText[] = examples.map((e, i) => {
    const at = `${field}[${i}]`;
    if (e.label !== undefined && e.labels !== undefined) throw invalid(at, 'give either label or labels, not both');
    if (e.labels !== undefined && !multiLabel)
      throw invalid(`${at}.labels`, 'only a multi-label model takes several labels; give label');
    if (e.label === undefined && e.labels === undefined)
      throw new DomainError('MISSING_REQUIRED_FIELD', `${at}.label is required (or labels, for a multi-label model)`);
    if (!multiLabel) return { text: e.text, label: e.label as string };
    // A `label` cell of a file or a dataset may name several labels: "refund|complaint".
    const names =
      e.labels ?? (labels.some((l) => l.name === e.label) ? [e.label as string] : splitLabels(e.label ?? ''));
    if (names.length === 0) throw invalid(`${at}.labels`, 'an example needs at least one label');
    if (new Set(names).size !== names.length) throw invalid(`${at}.labels`, 'a label appears twice');
    return { text: e.text, label: names[0] as string, labels: [...names] };
  });
  if (!multiLabel) {
    assertExampleLabels(labels, out, field);
    return out;
  }
  const known = new Set(labels.map((l) => l.name));
  out.forEach((example, i) => {
    const viaLabel = examples[i]?.labels === undefined;
    (example.labels ?? []).forEach((name, j) => {
      if (!known.has(name))
        throw invalid(`${field}[${i}].${viaLabel ? 'label' : `labels[${j}]`}`, `"${name}" is not a label of the model`);
    });
    if (example.text.trim() === '') throw invalid(`${field}[${i}].text`, 'an example text must not be empty');
  });
  return out;
}

/** The labels of a stored example: all of them for a multi-label example, else its one label. */
export const exampleLabels = (example: LabelledText): string[] => example.labels ?? [example.label];
