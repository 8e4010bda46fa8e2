// `textclass datasets create`: create a dataset with typed columns from the command line.
import type { Command } from 'commander';
import type { ColumnType, DatasetColumn } from '../../core/shared/types.js';
import { addOperatorStorageOptions, storageFlagsOf, type StorageFlags } from './options.js';
import { addJsonOption } from './output-mode.js';
import { runCliCommand } from './run-operator.js';

interface CreateDatasetFlags extends StorageFlags {
  workspace: string;
  name: string;
  column: string[];
  textColumn: string;
  model: string[];
}

const COLUMN_TYPES = new Set<ColumnType>(['text', 'number', 'timestamp']);

export function parseColumn(spec: string): DatasetColumn {
  const [name, type = 'text'] = spec.split(':');
  if (!name || !COLUMN_TYPES.has(type as ColumnType))
    throw new Error(`--column "${spec}": use name or name:text|number|timestamp`);
  return { name, type: type as ColumnType };
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerDatasetCommands(program: Command): void {
  const datasets = program.command('datasets').description('manage datasets');
  addJsonOption(addOperatorStorageOptions(datasets.command('create').description('create a dataset')))
    .requiredOption('--name <name>', 'dataset name')
    .option('--column <name:type>', 'a column (repeatable); type text, number or timestamp', collect, [])
    .option('--text-column <name>', 'the column to classify', 'text')
    .option('--model <id>', 'a model that classifies each new row (repeatable)', collect, [])
    .option('--workspace <name>', 'workspace of the dataset', 'default')
    .action(async (flags: CreateDatasetFlags) => {
      const columns =
        flags.column.length > 0 ? flags.column.map(parseColumn) : [{ name: flags.textColumn, type: 'text' as const }];
      await runCliCommand(storageFlagsOf(flags), {
        command: 'datasets.create',
        workspace: flags.workspace,
        name: flags.name,
        columns,
        textColumn: flags.textColumn,
        modelIds: flags.model.map(Number),
      });
    });
}
