// `textclass models review …`: a model's review queue (least confident first), and one record's answer.
import { idArg } from './model-flags.js';
import type { Command } from 'commander';
import { addApiOptions, apiClient, expectOk, printJson, printRows, type ApiFlags } from './api-client.js';

interface ReviewFlags extends ApiFlags {
  record?: string;
  label?: string;
  dataset?: string;
  limit: string;
  offset: string;
}

export function registerReviewCommand(models: Command): void {
  addApiOptions(
    models
      .command('review <model-id>')
      .description(
        'list the records that need review for a model, least confident first; ' +
          'with --record and --label, answer one: its text becomes a training example (retrain with `models train`)',
      ),
  )
    .option('--record <record-id>', 'the record to answer (with --label)')
    .option('--label <label>', 'the right label for the record (one of the model’s labels)')
    .option('--dataset <dataset-id>', 'list only records of this dataset (ds_<id> or the integer id)')
    .option('--limit <n>', 'records to list, 1 to 100', '20')
    .option('--offset <n>', 'records to skip', '0')
    .action(async (id: string, flags: ReviewFlags) => {
      if ((flags.record === undefined) !== (flags.label === undefined))
        throw new Error('--record and --label answer a record together; give both, or neither to list the queue');
      const client = await apiClient(flags);
      const model_id = idArg(id);
      if (flags.record !== undefined && flags.label !== undefined) {
        printJson(
          await expectOk(
            client.POST('/v2/models/{model_id}/review/{record_id}', {
              params: { path: { model_id, record_id: flags.record } },
              body: { label: flags.label },
            }),
          ),
        );
        return;
      }
      const page = await expectOk(
        client.GET('/v2/models/{model_id}/review', {
          params: {
            path: { model_id },
            query: {
              limit: Number(flags.limit),
              offset: Number(flags.offset),
              ...(flags.dataset === undefined ? {} : { dataset_id: flags.dataset }),
            },
          },
        }),
      );
      printRows(page.data);
      process.stderr.write(
        `${page.total} record${page.total === 1 ? '' : 's'} need${page.total === 1 ? 's' : ''} review` +
          (page.has_more ? `; showing ${page.offset + 1}–${page.offset + page.data.length} (--offset for more)` : '') +
          '\n',
      );
    });
}
