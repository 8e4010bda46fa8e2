// `textclass models examples list|edit|delete`, `models update` and `models evaluations`: a model's examples by id, its settings and its evaluation history.
import type { Command } from 'commander';
import { addApiOptions, apiClient, expectOk, printJson, type ApiFlags } from './api-client.js';
import { parseLabelThresholds } from './label-threshold-flags.js';
import { idArg, parseLabel } from './model-flags.js';

const collect = (value: string, previous: string[]) => [...previous, value];

/** A number flag in [min, max], or an error naming the flag and what it takes. */
function numberFlag(flag: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    throw new Error(`${flag} "${raw}": give a number from ${min} to ${max}`);
  return value;
}

/** A page flag (--offset, --limit) as a whole number in [min, max]. */
function wholeFlag(flag: string, raw: string, min: number, max: number): number {
  const value = numberFlag(flag, raw, min, max);
  if (!Number.isInteger(value)) throw new Error(`${flag} "${raw}": give a whole number from ${min} to ${max}`);
  return value;
}

/** An example id argument: digits, as `models examples list` prints it. */
function exampleIdArg(raw: string): string {
  if (!/^[1-9][0-9]{0,17}$/.test(raw)) throw new Error(`"${raw}" is not an example id (see models examples list)`);
  return raw;
}

interface PageFlags {
  offset?: string;
  limit?: string;
}

/** One page when --offset or --limit is given, else every page, 100 at a time. */
async function eachPage<T>(
  flags: PageFlags,
  read: (offset: number, limit: number) => Promise<{ data: T[]; has_more: boolean }>,
): Promise<void> {
  if (flags.offset !== undefined || flags.limit !== undefined) {
    const offset = flags.offset === undefined ? 0 : wholeFlag('--offset', flags.offset, 0, 2147483647);
    const limit = flags.limit === undefined ? 20 : wholeFlag('--limit', flags.limit, 1, 100);
    (await read(offset, limit)).data.forEach(printJson);
    return;
  }
  for (let offset = 0; ; offset += 100) {
    const page = await read(offset, 100);
    page.data.forEach(printJson);
    if (!page.has_more) break;
  }
}

const pageOptions = (command: Command): Command =>
  command
    .option('--offset <n>', 'skip this many (one page; default: every page)')
    .option('--limit <n>', 'at most this many, 1 to 100 (one page; default: every page)');

/** Adds list / edit / delete under the existing `models examples <model-id>` (which keeps adding examples). */
function registerExampleCommands(examples: Command): void {
  // Options after `list`, `edit` or `delete` belong to that subcommand, not to the adding command.
  examples.enablePositionalOptions();

  addApiOptions(pageOptions(examples.command('list <model-id>').description("a model's training examples, with ids")))
    .option('--label <name>', 'only the examples with this label')
    .action(async (id: string, flags: ApiFlags & PageFlags & { label?: string }) => {
      const client = await apiClient(flags);
      const modelId = idArg(id);
      await eachPage(flags, (offset, limit) =>
        expectOk(
          client.GET('/v2/models/{model_id}/examples', {
            params: {
              path: { model_id: modelId },
              query: { offset, limit, ...(flags.label === undefined ? {} : { label: flags.label }) },
            },
          }),
        ),
      );
    });

  addApiOptions(
    examples
      .command('edit <model-id> <example-id>')
      .description("change an example's text and/or label (a few-shot model retrains)"),
  )
    .option('--text <text>', 'the new text')
    .option('--label <name>', 'the new label')
    .option('--labels <a,b>', 'multi-label models: the new labels, separated by commas')
    .action(
      async (id: string, exampleId: string, flags: ApiFlags & { text?: string; label?: string; labels?: string }) => {
        if (flags.text === undefined && flags.label === undefined && flags.labels === undefined)
          throw new Error('give --text, --label or --labels (what to change)');
        if (flags.label !== undefined && flags.labels !== undefined)
          throw new Error('give --label or --labels, not both');
        const labels = flags.labels
          ?.split(',')
          .map((l) => l.trim())
          .filter((l) => l !== '');
        if (labels !== undefined && labels.length === 0) throw new Error('--labels needs at least one label name');
        const body = {
          ...(flags.text === undefined ? {} : { text: flags.text }),
          ...(flags.label === undefined ? {} : { label: flags.label }),
          ...(labels === undefined ? {} : { labels }),
        };
        printJson(
          await expectOk(
            (await apiClient(flags)).PATCH('/v2/models/{model_id}/examples/{example_id}', {
              params: { path: { model_id: idArg(id), example_id: exampleIdArg(exampleId) } },
              body,
            }),
          ),
        );
      },
    );

  addApiOptions(examples.command('delete <model-id> <example-id>').description('delete one training example')).action(
    async (id: string, exampleId: string, flags: ApiFlags) => {
      await expectOk(
        (await apiClient(flags)).DELETE('/v2/models/{model_id}/examples/{example_id}', {
          params: { path: { model_id: idArg(id), example_id: exampleIdArg(exampleId) } },
        }),
      );
    },
  );
}

interface UpdateFlags extends ApiFlags {
  name?: string;
  description?: string;
  threshold?: string;
  labelThreshold: string[];
  clearLabelThresholds?: boolean;
  targetPrecision?: string;
  label: string[];
}

export function registerModelRecordCommands(models: Command): void {
  const examples = models.commands.find((c) => c.name() === 'examples');
  if (!examples) throw new Error('the models examples command must be registered first');
  registerExampleCommands(examples);

  addApiOptions(
    models
      .command('update <model-id>')
      .description("change a model's name, description, cut-offs or (zero-shot) label descriptions"),
  )
    .option('--name <name>', 'a new name')
    .option('--description <text>', 'what the model is for ("" clears it)')
    .option('--threshold <confidence>', 'the model-wide cut-off, 0 to 1')
    .option(
      '--label-threshold <label=cut-off>',
      "replace the labels' own cut-offs, e.g. billing=0.8 (repeatable)",
      collect,
      [],
    )
    .option('--clear-label-thresholds', "remove the labels' own cut-offs")
    .option(
      '--target-precision <p>',
      'few-shot / fine-tuned: the precision the next training fits cut-offs to ("none" clears it)',
    )
    .option(
      '--label <name=description|…>',
      'zero-shot: new descriptions of a label (repeatable); a new version is served at once',
      collect,
      [],
    )
    .action(async (id: string, flags: UpdateFlags) => {
      const labelThresholds = parseLabelThresholds(flags.labelThreshold);
      if (labelThresholds !== undefined && flags.clearLabelThresholds)
        throw new Error('give --label-threshold or --clear-label-thresholds, not both');
      const body = {
        ...(flags.name === undefined ? {} : { name: flags.name }),
        ...(flags.description === undefined
          ? {}
          : { description: flags.description === '' ? null : flags.description }),
        ...(flags.threshold === undefined
          ? {}
          : { confidence_threshold: numberFlag('--threshold', flags.threshold, 0, 1) }),
        ...(labelThresholds === undefined ? {} : { label_thresholds: labelThresholds }),
        ...(flags.clearLabelThresholds ? { label_thresholds: null } : {}),
        ...(flags.targetPrecision === undefined
          ? {}
          : {
              target_precision:
                flags.targetPrecision === 'none'
                  ? null
                  : numberFlag('--target-precision', flags.targetPrecision, 0.5, 0.999),
            }),
        ...(flags.label.length === 0 ? {} : { labels: flags.label.map(parseLabel) }),
      };
      if (Object.keys(body).length === 0)
        throw new Error(
          'nothing to change: give --name, --description, --threshold, --label-threshold, --clear-label-thresholds, --target-precision or --label',
        );
      printJson(
        await expectOk(
          (await apiClient(flags)).PATCH('/v2/models/{model_id}', { params: { path: { model_id: idArg(id) } }, body }),
        ),
      );
    });

  addApiOptions(
    pageOptions(
      models.command('evaluations <model-id>').description("every evaluation of a model's versions, newest first"),
    ),
  )
    .option('--version <n>', "only this version's evaluations")
    .action(async (id: string, flags: ApiFlags & PageFlags & { version?: string }) => {
      const client = await apiClient(flags);
      const modelId = idArg(id);
      const version = flags.version === undefined ? undefined : wholeFlag('--version', flags.version, 1, 2147483647);
      await eachPage(flags, (offset, limit) =>
        expectOk(
          client.GET('/v2/models/{model_id}/evaluations', {
            params: {
              path: { model_id: modelId },
              query: { offset, limit, ...(version === undefined ? {} : { version }) },
            },
          }),
        ),
      );
    });
}
