// `textclass encoders pull | list`: fetch a sentence-transformers ONNX export from the Hugging Face hub; show what is installed.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { readSetting, type Setting } from '../../app/config/setting.js';
import { CLIENT } from '../../app/config/client-settings.js';
import { printRows } from './api-client.js';
import { configFrom } from './options.js';
import { addJsonOption } from './output-mode.js';

interface ModelsFlags {
  dataDir?: string;
  modelsDir?: string;
}

interface PullFlags extends ModelsFlags {
  revision: string;
  file?: string;
  progress: boolean;
  connectTimeout: number;
  firstByteTimeout: number;
  idleTimeout: number;
  retries: number;
  retryDelay: number;
}

/** A setting of the table as this command's flag: its variable, its parser (a bad value named as the flag's) and default. */
function settingOption(setting: Setting<number> & { flag: string; default: string }): Option {
  const parse = (raw: string) => {
    try {
      return setting.parse(raw);
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
  return new Option(setting.flag, setting.description)
    .env(setting.env)
    .argParser(parse)
    .default(setting.parse(setting.default), setting.default);
}

function modelsDirOf(flags: ModelsFlags): string {
  return configFrom({ dataDir: flags.dataDir, modelsDir: flags.modelsDir }).modelsDir;
}

function addModelsOptions(command: Command): Command {
  return command
    .addOption(new Option('--data-dir <dir>', 'embedded database and artifacts (TEXTCLASS_DATA_DIR)'))
    .addOption(new Option('--models-dir <dir>', 'encoder and model artifacts (TEXTCLASS_MODELS_DIR)'));
}

export function registerEncoderCommands(program: Command): void {
  const encoders = program.command('encoders').description('download and list encoders');

  addModelsOptions(
    encoders
      .command('pull <hub-repo-id>')
      .description('download a sentence-transformers ONNX export from the Hugging Face hub (HF_ENDPOINT, HF_TOKEN)'),
  )
    .option('--revision <rev>', 'branch, tag or commit', 'main')
    .option(
      '--file <path>',
      'the ONNX file to fetch (default onnx/model.onnx or model.onnx), e.g. onnx/model_qint8_avx512_vnni.onnx',
    )
    .option('--no-progress', 'no progress bar')
    .addOption(settingOption(CLIENT.pullConnectTimeout))
    .addOption(settingOption(CLIENT.pullFirstByteTimeout))
    .addOption(settingOption(CLIENT.pullIdleTimeout))
    .addOption(settingOption(CLIENT.pullRetries))
    .addOption(settingOption(CLIENT.pullRetryDelay))
    .action(async (repo: string, flags: PullFlags) => {
      // The hub client (undici) and the progress bar load here, never in `serve`.
      const { formatBytes, pullEncoder } = await import('../../app/compose/cli-tools.js');
      const { SingleBar, Presets } = (await import('cli-progress')).default;
      const network = {
        connectTimeoutMs: flags.connectTimeout,
        firstByteTimeoutMs: flags.firstByteTimeout,
        idleTimeoutMs: flags.idleTimeout,
        retries: flags.retries,
        retryDelayMs: flags.retryDelay,
      };
      const bar =
        flags.progress && process.stderr.isTTY
          ? new SingleBar(
              { format: ' {bar} {percentage}% | {done}/{size} | {file}', stream: process.stderr, hideCursor: true },
              Presets.shades_classic,
            )
          : undefined;
      const received = new Map<string, number>();
      let total = 0;
      const update = (file: string) => {
        const done = [...received.values()].reduce((a, b) => a + b, 0);
        bar?.update(done, { file, done: formatBytes(done), size: formatBytes(total) });
      };
      try {
        const result = await pullEncoder({
          repo,
          revision: flags.revision,
          file: flags.file,
          modelsDir: modelsDirOf(flags),
          endpoint: readSetting(CLIENT.hubEndpoint),
          token: readSetting(CLIENT.hubToken),
          onPlan: (files) => {
            total = files.reduce((sum, f) => sum + (f.size ?? 0), 0);
            bar?.start(total, 0, { file: '', done: '0 B', size: formatBytes(total) });
          },
          onProgress: (file, bytes) => {
            received.set(file, bytes);
            update(file);
          },
          network,
          onRetry: (failedTry, tries, error, delayMs) => {
            bar?.stop();
            process.stderr.write(
              `try ${failedTry} of ${tries} failed: ${error.message}; retrying in ${Number((delayMs / 1000).toFixed(3))} s\n`,
            );
          },
        });
        bar?.stop();
        const bytes = result.files.reduce((sum, f) => sum + f.size, 0);
        process.stdout.write(`${result.id}\n`);
        process.stderr.write(
          `pulled ${repo}@${result.commit.slice(0, 12)}: ${result.files.length} files, ${formatBytes(bytes)}, SHA-256 checked, into ${result.dir}` +
            `${result.resumed > 0 ? ` (${result.resumed} download${result.resumed > 1 ? 's' : ''} resumed)` : ''}\n`,
        );
      } finally {
        bar?.stop();
      }
    });

  addJsonOption(addModelsOptions(encoders.command('list').description('list built-in and pulled encoders'))).action(
    async (flags: ModelsFlags) => {
      const { defaultEncoderId, formatBytes, listEncoders } = await import('../../app/compose/cli-tools.js');
      const entries = (await listEncoders(modelsDirOf(flags))).map((e) => ({
        ...e,
        default: e.id === defaultEncoderId,
      }));
      printRows(entries, (e) => ({
        id: `${e.id}${e.default ? ' (default)' : ''}`,
        format: e.format,
        size: formatBytes(e.bytes),
        source: e.source,
      }));
    },
  );
}
