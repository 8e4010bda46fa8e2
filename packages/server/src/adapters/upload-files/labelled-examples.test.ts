// Labelled example files: CSV and JSON Lines read into examples; every malformed file is a 400 naming the body and, where it can, the line.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../core/shared/domain-errors.js';
import { readLabelledExamples } from './labelled-examples.js';

async function failure(body: string, format: 'csv' | 'jsonl'): Promise<DomainError> {
  try {
    await readLabelledExamples(Buffer.from(body), format);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('readLabelledExamples', () => {
  it('reads CSV with quoting and extra columns, and JSON Lines', async () => {
    expect(
      await readLabelledExamples(Buffer.from('id,text,label\n1,"Hello, ""world""",greeting\n2,bye,farewell\n'), 'csv'),
    ).toEqual([
      { text: 'Hello, "world"', label: 'greeting' },
      { text: 'bye', label: 'farewell' },
    ]);
    expect(
      await readLabelledExamples(Buffer.from('{"text":"a","label":"x"}\n\n{"text":"b","label":" y "}\n'), 'jsonl'),
    ).toEqual([
      { text: 'a', label: 'x' },
      { text: 'b', label: 'y' },
    ]);
  });

  it('names the line of a row without a label or text', async () => {
    expect((await failure('text,label\nok,x\nmissing,\n', 'csv')).message).toBe(
      'body: line 3: "label" must be a non-empty string',
    );
    expect((await failure('{"text":"a","label":"x"}\n{"label":"x"}\n', 'jsonl')).message).toBe(
      'body: line 2: "text" must be a non-empty string',
    );
  });

  it('turns every CSV parse failure into a 400, also an opening quote in the wrong place', async () => {
    const quote = await failure('{"texts": ', 'csv');
    expect(quote.code).toBe('INVALID_PARAMETER');
    expect(quote.message).toMatch(/^body: .*not valid CSV/);
    expect((await failure('text,label\n"never closed,x\n', 'csv')).message).toMatch(/not valid CSV/);
  });

  it('refuses a header without text or label, bad JSON, and an empty file', async () => {
    expect((await failure('body,label\nx,y\n', 'csv')).message).toMatch(/no "text" column/);
    expect((await failure('{"text": \n', 'jsonl')).message).toMatch(/line 1: not valid JSON/);
    expect((await failure('text,label\n', 'csv')).message).toBe('body: the file holds no examples');
  });

  it('reads the text and label from the columns (CSV) or keys (JSON Lines) it is told, and names them in errors', async () => {
    const columns = { text: 'body', label: 'intent' };
    expect(
      await readLabelledExamples(Buffer.from('id,body,intent\n1,Where is my parcel,shipping\n'), 'csv', columns),
    ).toEqual([{ text: 'Where is my parcel', label: 'shipping' }]);
    expect(
      await readLabelledExamples(
        Buffer.from('{"body":"a","intent":"x"}\n{"body":"b","intent":["x","y"]}\n'),
        'jsonl',
        columns,
      ),
    ).toEqual([
      { text: 'a', label: 'x' },
      { text: 'b', labels: ['x', 'y'] },
    ]);
    const missing = await readLabelledExamples(Buffer.from('text,label\nx,y\n'), 'csv', columns).catch((e) => e);
    expect(missing.message).toBe('body: line 1: the header row has no "body" column');
    const empty = await readLabelledExamples(Buffer.from('body,intent\nx,\n'), 'csv', columns).catch((e) => e);
    expect(empty.message).toBe('body: line 2: "intent" must be a non-empty string');
  });
});
