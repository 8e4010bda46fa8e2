// Reads labelled examples from a CSV (header with `text` and `label`) or JSON Lines body; a bad line is a 400 naming it.
import { Readable } from 'node:stream';
import { invalid } from '../../core/shared/domain-errors.js';
import type { ExampleInput } from '../../core/lifecycle/multi-label-examples.js';
import type { UploadFormat } from '../../core/ports/uploads.js';
import { readRows, UploadLineError } from './read-rows.js';

export const MAX_EXAMPLES_PER_REQUEST = 100_000;

/** A JSON Lines `labels` value (multi-label models): a non-empty array of non-empty strings, else null. */
function labelList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value.every((l) => typeof l === 'string' && l.trim() !== '') ? value.map((l: string) => l.trim()) : null;
}

export async function readLabelledExamples(body: Buffer, format: UploadFormat): Promise<ExampleInput[]> {
  const examples: ExampleInput[] = [];
  const checkHeader = (names: string[]) => {
    for (const required of ['text', 'label'])
      if (!names.includes(required)) throw new Error(`the header row has no "${required}" column`);
  };
  try {
    for await (const row of readRows(Readable.from([body]), format, checkHeader)) {
      const { text, label } = row.fields;
      if (typeof text !== 'string' || text.trim() === '')
        throw new UploadLineError(row.line, '"text" must be a non-empty string');
      const labels = format === 'jsonl' && label === undefined ? labelList(row.fields.labels) : null;
      if (format === 'jsonl' && label === undefined && row.fields.labels !== undefined && labels === null)
        throw new UploadLineError(row.line, '"labels" must be a non-empty array of non-empty strings');
      if (labels === null && (typeof label !== 'string' || label.trim() === ''))
        throw new UploadLineError(row.line, '"label" must be a non-empty string');
      if (text.length > 10_000) throw new UploadLineError(row.line, '"text" is longer than 10,000 characters');
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
