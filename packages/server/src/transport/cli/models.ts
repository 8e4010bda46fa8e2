// `textclass models …`: the model lifecycle over the HTTP API of a running server (create, examples, train with progress, metrics, deploy, archive, rollback, export, import).
import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { addApiOptions, apiClient, expectOk, printJson, printRows, type ApiFlags } from './api-client.js';
import { parseLabelThresholds } from './label-threshold-flags.js';
import { readExampleFile, type ColumnFlags } from './example-files.js';
import { examplesRequest } from './examples-request.js';
import { idArg, parseLabel, type ExampleFlags } from './model-flags.js';
import { addAuditCommand } from './models-audit.js';
import { followTraining } from './training-progress.js';
import { registerReviewCommand } from './review.js';
import { registerModelRecordCommands } from './models-records.js';

const collect = (value: string, previous: string[]) => [...previous, value];
const path = (modelId: number) => ({ params: { path: { model_id: modelId } } });

export function registerModelCommands(program: Command): void {
  const models = program
    .command('models')
    .description('model lifecycle on a running server (TEXTCLASS_URL, TEXTCLASS_API_KEY)');

  addApiOptions(models.command('list').description('list models'))
    .option('--status <status>', 'deployed, undeployed, archived or all', 'all')
    .action(async (flags: ApiFlags & { status: 'deployed' | 'undeployed' | 'archived' | 'all' }) => {
      const client = await apiClient(flags);
      const all = [];
      for (let offset = 0; ; offset += 100) {
        const page = await expectOk(
          client.GET('/v2/models', { params: { query: { status: flags.status, offset, limit: 100 } } }),
        );
        all.push(...page.data);
        if (!page.has_more) break;
      }
      printRows(all);
    });

  addApiOptions(models.command('get <model-id>').description('a model with its version and metrics')).action(
    async (id: string, flags: ApiFlags) =>
      printJson(await expectOk((await apiClient(flags)).GET('/v2/models/{model_id}', path(idArg(id))))),
  );

  addApiOptions(models.command('create').description('create a model (undeployed)'))
    .requiredOption('--name <name>', 'model name')
    .requiredOption('--type <type>', 'zero-shot, few-shot, fine-tuned or llm')
    .option('--label <name[=description|…]>', 'a label, with optional descriptions (repeatable)', collect, [])
    .option('--threshold <confidence>', 'confidence below which predictions are flagged for review')
    .option(
      '--label-threshold <label=cut-off>',
      "a label's own review cut-off, e.g. billing=0.8 (repeatable)",
      collect,
      [],
    )
    .option('--target-precision <p>', 'few-shot / fine-tuned: fit a cut-off per label to this precision at training')
    .option('--encoder <id>', 'encoder id (default: the server default)')
    .option('--llm-endpoint <name>', 'llm models: a configured endpoint name')
    .option('--prompt <text>', 'llm models: the task instructions')
    .option('--multi-label', 'several labels per text, each scored on its own (fixed at creation)')
    .action(
      async (
        flags: ApiFlags & {
          name: string;
          type: string;
          label: string[];
          threshold?: string;
          labelThreshold: string[];
          targetPrecision?: string;
          encoder?: string;
          llmEndpoint?: string;
          prompt?: string;
          multiLabel?: boolean;
        },
      ) => {
        const labelThresholds = parseLabelThresholds(flags.labelThreshold);
        const body = {
          name: flags.name,
          type: flags.type as 'zero-shot',
          labels: flags.label.map(parseLabel),
          ...(flags.threshold === undefined ? {} : { confidence_threshold: Number(flags.threshold) }),
          ...(labelThresholds === undefined ? {} : { label_thresholds: labelThresholds }),
          ...(flags.targetPrecision === undefined ? {} : { target_precision: Number(flags.targetPrecision) }),
          ...(flags.encoder === undefined ? {} : { encoder: flags.encoder }),
          ...(flags.llmEndpoint === undefined && flags.prompt === undefined
            ? {}
            : { llm: { endpoint: flags.llmEndpoint ?? 'default', prompt: flags.prompt ?? '' } }),
          ...(flags.multiLabel ? { multi_label: true } : {}),
        };
        printJson(await expectOk((await apiClient(flags)).POST('/v2/models', { body })));
      },
    );

  addApiOptions(
    models
      .command('examples <model-id>')
      .description(
        'add labelled examples from a CSV / JSON Lines file (text, label), a dataset, or one --text with --label / --labels',
      ),
  )
    .option('--file <path>', 'CSV with a header row naming text and label (multi-label: a|b in a cell), or .jsonl')
    .option('--dataset <id>', 'a dataset whose labelled rows to add (with --label-column)')
    .option('--label-column <name>', "the file's or dataset's column (JSON Lines: key) holding the label")
    .option('--text-column <name>', "the file's column (JSON Lines: key) holding the text (default text)")
    .option('--text <text>', 'one example text (with --label, or --labels for a multi-label model)')
    .option('--label <name>', 'the label of --text')
    .option('--labels <a,b>', 'multi-label models: the labels of --text, separated by commas')
    .action(async (id: string, flags: ApiFlags & ExampleFlags & ColumnFlags) => {
      const body = await examplesRequest(flags);
      const client = await apiClient(flags);
      printJson(await expectOk(client.POST('/v2/models/{model_id}/examples', { ...path(idArg(id)), ...body })));
    });

  addApiOptions(
    models.command('train <model-id>').description('start a training job; --follow shows its progress until it ends'),
  )
    .option('--architecture <kind>', 'auto (cross-validation chooses, default), linear or mlp')
    .option('--features <set>', 'auto (cross-validation chooses, default), text or text+clauses')
    .option('--max-epochs <n>', "upper bound on the MLP's epochs")
    .option('--holdout <fraction>', 'share of examples held out for the evaluation')
    .option('--seed <n>', 'seed of the split and the initialisation')
    .option('--deploy', 'deploy the new version when trained')
    .option('--target-precision <p>', "fit a cut-off per label to this precision (default: the model's)")
    .option('--follow', 'wait for the job, with a progress bar, and print the final job')
    .action(
      async (
        id: string,
        flags: ApiFlags & {
          architecture?: 'auto' | 'linear' | 'mlp';
          features?: 'auto' | 'text' | 'text+clauses';
          maxEpochs?: string;
          holdout?: string;
          seed?: string;
          deploy?: boolean;
          targetPrecision?: string;
          follow?: boolean;
        },
      ) => {
        const client = await apiClient(flags);
        const modelId = idArg(id);
        const job = await expectOk(
          client.POST('/v2/models/{model_id}/training-jobs', {
            ...path(modelId),
            body: {
              ...(flags.architecture === undefined ? {} : { architecture: flags.architecture }),
              ...(flags.features === undefined ? {} : { features: flags.features }),
              ...(flags.maxEpochs === undefined ? {} : { max_epochs: Number(flags.maxEpochs) }),
              ...(flags.holdout === undefined ? {} : { holdout_fraction: Number(flags.holdout) }),
              ...(flags.seed === undefined ? {} : { seed: Number(flags.seed) }),
              ...(flags.deploy ? { deploy: true } : {}),
              ...(flags.targetPrecision === undefined ? {} : { target_precision: Number(flags.targetPrecision) }),
            },
          }),
        );
        const final = flags.follow ? await followTraining(client, modelId, job.id) : job;
        printJson(final);
        if (final.status === 'failed') throw new Error(`training failed: ${String(final.error)}`);
      },
    );

  addApiOptions(models.command('job <model-id> <job-id>').description('a training job; --follow waits for it'))
    .option('--follow', 'wait for the job with a progress bar')
    .action(async (id: string, jobId: string, flags: ApiFlags & { follow?: boolean }) => {
      const client = await apiClient(flags);
      const modelId = idArg(id);
      printJson(
        flags.follow
          ? await followTraining(client, modelId, jobId)
          : await expectOk(
              client.GET('/v2/models/{model_id}/training-jobs/{job_id}', {
                params: { path: { model_id: modelId, job_id: jobId } },
              }),
            ),
      );
    });

  addAuditCommand(models);

  addApiOptions(
    models.command('versions <model-id>').description('every version with its metrics, the served one marked'),
  ).action(async (id: string, flags: ApiFlags) => {
    printRows((await expectOk((await apiClient(flags)).GET('/v2/models/{model_id}/versions', path(idArg(id))))).data);
  });

  addApiOptions(
    models
      .command('deploy <model-id>')
      .description('serve a version (default the newest); redeploys an archived model'),
  )
    .option('--version <n>', 'the version to serve')
    .action(async (id: string, flags: ApiFlags & { version?: string }) => {
      printJson(
        await expectOk(
          (await apiClient(flags)).POST('/v2/models/{model_id}/deploy', {
            ...path(idArg(id)),
            body: flags.version === undefined ? {} : { version: Number(flags.version) },
          }),
        ),
      );
    });

  addApiOptions(
    models.command('archive <model-id>').description('stop serving (inference gives 409 until redeployed)'),
  ).action(async (id: string, flags: ApiFlags) =>
    printJson(await expectOk((await apiClient(flags)).POST('/v2/models/{model_id}/archive', path(idArg(id))))),
  );

  addApiOptions(
    models.command('rollback <model-id>').description('serve the version served before the last deploy'),
  ).action(async (id: string, flags: ApiFlags) =>
    printJson(await expectOk((await apiClient(flags)).POST('/v2/models/{model_id}/rollback', path(idArg(id))))),
  );

  addApiOptions(models.command('delete <model-id>').description('delete a model with its versions and examples'), {
    prints: false,
  }).action(async (id: string, flags: ApiFlags) => {
    await expectOk((await apiClient(flags)).DELETE('/v2/models/{model_id}', path(idArg(id))));
  });

  addApiOptions(
    models.command('evaluate <model-id>').description('measure the served version on a labelled CSV / JSON Lines file'),
  )
    .requiredOption('--file <path>', 'CSV (text,label) or .jsonl')
    .option('--label-column <name>', "the file's column (JSON Lines: key) holding the label (default label)")
    .option('--text-column <name>', "the file's column (JSON Lines: key) holding the text (default text)")
    .action(async (id: string, flags: ApiFlags & ColumnFlags & { file: string }) => {
      const examples = await readExampleFile(flags.file, flags);
      printJson(
        await expectOk(
          (await apiClient(flags)).POST('/v2/models/{model_id}/evaluations', {
            ...path(idArg(id)),
            body: { examples },
          }),
        ),
      );
    });

  addApiOptions(
    models.command('classify <model-id> <text...>').description('classify up to 8 texts with a deployed model'),
  ).action(async (id: string, texts: string[], flags: ApiFlags) => {
    printJson(
      await expectOk(
        (await apiClient(flags)).POST('/v2/models/{model_id}/inference', { ...path(idArg(id)), body: { texts } }),
      ),
    );
  });

  addApiOptions(models.command('export <model-id>').description('write the served version to one file'), {
    prints: false,
  })
    .requiredOption('--out <file>', 'where to write the export')
    .action(async (id: string, flags: ApiFlags & { out: string }) => {
      const file = await expectOk((await apiClient(flags)).GET('/v2/models/{model_id}/export', path(idArg(id))));
      await writeFile(flags.out, `${JSON.stringify(file, null, 2)}\n`);
      process.stderr.write(
        `wrote ${file.model.type} model "${file.model.name}" version ${file.model.version} to ${flags.out}\n`,
      );
    });

  addApiOptions(models.command('import <file>').description('create an undeployed model from an export file'))
    .option('--name <name>', 'name for the imported model')
    .action(async (file: string, flags: ApiFlags & { name?: string }) => {
      const body = JSON.parse(await readFile(file, 'utf8'));
      printJson(
        await expectOk(
          (await apiClient(flags)).POST('/v2/models/import', {
            body,
            params: { query: flags.name === undefined ? {} : { name: flags.name } },
          }),
        ),
      );
    });
  registerReviewCommand(models);
  registerModelRecordCommands(models);
}
