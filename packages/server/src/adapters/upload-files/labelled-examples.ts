// Reads labelled examples from a CSV (header with `text` and `label`) or JSON Lines body; a bad line is a 400 naming it.
import { Readable } from 'node:stream';
import { invalid } from '../../core/shared/errors.js';
import type { LabelledText } from '../../core/lifecycle/types.js';
import type { UploadFormat } from '../../core/ports/uploads.js';
import { readRows, UploadLineError } from './read-rows.js';

export const MAX_EXAMPLES_PER_REQUEST = 100_000;

export async function readLabelledExamples(body: Buffer, format: UploadFormat): Promise<LabelledText[]> {
  const examples: LabelledText[] = [];
  const checkHeader = (names: string[]) => {
    for (const required of ['text', 'label'])
      if (!names.includes(required)) throw new Error(`the header row has no "${required}" column`);
  };
  try {
    for await (const row of readRows(Readable.from([body]), format, checkHeader)) {
      const { text, label } = row.fields;
      if (typeof text !== 'string' || text.trim() === '')
        throw new UploadLineError(row.line, '"text" must be a non-empty string');
      if (typeof label !== 'string' || label.trim() === '')
        throw new UploadLineError(row.line, '"label" must be a non-empty string');
      if (text.length > 10_000) throw new UploadLineError(row.line, '"text" is longer than 10,000 characters');
      examples.push({ text, label: label.trim() });
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
