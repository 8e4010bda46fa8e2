// Reads labelled examples from a CSV (header with `text` and `label`, or the columns named) or JSON Lines body; a bad line is a 400 naming it.
import { Readable } from 'node:stream';
import { invalid } from '../../core/shared/domain-errors.js';
import type { ExampleInput } from '../../core/lifecycle/multi-label-examples.js';
import type { UploadFormat } from '../../core/ports/uploads.js';
import { readRows, UploadLineError } from './read-rows.js';
import { ownValue } from '../../core/shared/own-value.js';

export const MAX_EXAMPLES_PER_REQUEST = 100_000;

/** A JSON Lines `labels` value (multi-label models): a non-empty array of non-empty strings, else null. */
function labelList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.every((l) => typeof l === 'string' && l.trim() !== '') ? value.map((l: string) => l.trim()) : null;
}

/** Which columns (CSV) or keys (JSON Lines) hold the text and the label; `text` and `label` unless named. */
export interface LabelledColumns {
  text?: string;
  label?: string;
}

export async function readLabelledExamples(
  body: Buffer,
  format: UploadFormat,
  columns: LabelledColumns = {},
): Promise<ExampleInput[]> {
  const textColumn = columns.text ?? 'text';
  const labelColumn = columns.label ?? 'label';
  const examples: ExampleInput[] = [];
  const checkHeader = (names: string[]) => {
    for (const required of [textColumn, labelColumn])
      if (!names.includes(required)) throw new Error(`the header row has no "${required}" column`);
  };
  try {
    for await (const row of readRows(Readable.from([body]), format, checkHeader)) {
      const text = ownValue(row.fields, textColumn);
      const label = ownValue(row.fields, labelColumn);
      if (typeof text !== 'string' || text.trim() === '')
        throw new UploadLineError(row.line, `"${textColumn}" must be a non-empty string`);
      // JSON Lines: a multi-label model's labels as an array, under `labels` or the named label key.
      const listKey = labelColumn !== 'label' ? labelColumn : label === undefined ? 'labels' : undefined;
      const listed = format === 'jsonl' && listKey !== undefined ? ownValue(row.fields, listKey) : undefined;
      const labels = Array.isArray(listed) ? labelList(listed) : null;
      if (labels === null && listed !== undefined && (Array.isArray(listed) || listKey === 'labels'))
        throw new UploadLineError(row.line, `"${listKey}" must be a non-empty array of non-empty strings`);
      if (labels === null && (typeof label !== 'string' || label.trim() === ''))
        throw new UploadLineError(row.line, `"${labelColumn}" must be a non-empty string`);
      if (text.length > 10_000) throw new UploadLineError(row.line, `"${textColumn}" is longer than 10,000 characters`);
      examples.push(labels === null ? { text, label: (label as string).trim() } : { text, labels });
      if (examples.length > MAX_EXAMPLES_PER_REQUEST)
        throw new UploadLineError(row.line, `more than ${MAX_EXAMPLES_PER_REQUEST} examples in one request`);
    }
  } catch (error) {
    if (error instanceof UploadLineError)
      throw invalid('body', error.line === null ? error.message : `line ${error.line}: ${error.message}`);
    throw error;
  }
  if (examples.length === 0) throw invalid('body', 'the file holds no examples');
  return examples;
}
