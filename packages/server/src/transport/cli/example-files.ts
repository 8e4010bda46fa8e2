// Labelled example files on the CLI side: read with the columns --text-column / --label-column name, errors naming the file and the flags.
import { readFile } from 'node:fs/promises';
import type { ExampleInput } from '../../core/lifecycle/multi-label-examples.js';
import { fileFormat } from './model-flags.js';

export interface ColumnFlags {
  textColumn?: string;
  labelColumn?: string;
}

/** The file's examples, checked here so that a bad line is named by the file's own line number. */
export async function readExampleFile(file: string, flags: ColumnFlags): Promise<ExampleInput[]> {
  const { readLabelledExamples } = await import('../../app/compose/cli-tools.js');
  const format = fileFormat(file) === 'text/csv' ? 'csv' : 'jsonl';
  try {
    return await readLabelledExamples(await readFile(file), format, {
      ...(flags.textColumn === undefined ? {} : { text: flags.textColumn }),
      ...(flags.labelColumn === undefined ? {} : { label: flags.labelColumn }),
    });
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('body: ')) throw error;
    const reason = error.message.slice('body: '.length);
    const hint = / has no "[^"]*" column$/.test(reason)
      ? ` (name the columns with --text-column and --label-column${format === 'jsonl' ? ': keys of each line' : ''})`
      : '';
    throw new Error(`${file}: ${reason}${hint}`, { cause: error });
  }
}

const csvCell = (value: string): string => `"${value.replace(/"/g, '""')}"`;

/**
 * The examples as a body the server reads with its own column names (`text`, `label`), in the file's format: a CSV
 * stays a CSV (a multi-label cell keeps its `a|b`), JSON Lines stay JSON Lines.
 */
export function examplesFileBody(examples: readonly ExampleInput[], file: string): string {
  if (fileFormat(file) === 'application/x-ndjson')
    return examples.map((example) => `${JSON.stringify(example)}\n`).join('');
  const rows = examples.map((example) =>
    [example.text, example.label ?? (example.labels ?? []).join('|')].map(csvCell).join(','),
  );
  return `text,label\n${rows.map((row) => `${row}\n`).join('')}`;
}
