// `textclass encoders pull | list`: fetch a sentence-transformers ONNX export from the Hugging Face hub; show what is installed.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_NETWORK, type NetworkSettings } from '../../app/pull-network.js';
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

/** "2.5" → 2500 (ms); a clear error for anything but a positive number of seconds. */
function seconds(raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value <= 0)
    throw new InvalidArgumentError(`expected a number of seconds above 0, got "${raw}"`);
  return Math.round(value * 1000);
}

function count(raw: string): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value > 100)
    throw new InvalidArgumentError(`expected a whole number from 0 to 100, got "${raw}"`);
  return value;
}

/** A network setting as a flag with its environment variable and default (shown in seconds). */
function networkOption(flag: string, env: string, what: string, defaultMs: number): Option {
  return new Option(`${flag} <seconds>`, what)
    .env(env)
    .argParser(seconds)
    .default(defaultMs, String(defaultMs / 1000));
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
    .addOption(
      networkOption(
        '--connect-timeout',
        'TEXTCLASS_PULL_CONNECT_TIMEOUT',
        'longest wait for a connection',
        DEFAULT_NETWORK.connectTimeoutMs,
      ),
    )
    .addOption(
      networkOption(
        '--first-byte-timeout',
        'TEXTCLASS_PULL_FIRST_BYTE_TIMEOUT',
        'longest wait for an answer once connected',
        DEFAULT_NETWORK.firstByteTimeoutMs,
      ),
    )
    .addOption(
      networkOption(
        '--idle-timeout',
        'TEXTCLASS_PULL_IDLE_TIMEOUT',
        'longest silence in the middle of a download',
        DEFAULT_NETWORK.idleTimeoutMs,
      ),
    )
    .addOption(
      new Option('--retries <n>', 'retries of a request that timed out, was cut or got a 5xx or 429')
        .env('TEXTCLASS_PULL_RETRIES')
        .argParser(count)
        .default(DEFAULT_NETWORK.retries),
    )
    .addOption(
      networkOption(
        '--retry-delay',
        'TEXTCLASS_PULL_RETRY_DELAY',
        'wait before the first retry, doubled for each further one (at most 30 s)',
        DEFAULT_NETWORK.retryDelayMs,
      ),
    )
    .action(async (repo: string, flags: PullFlags) => {
      // The hub client (undici) and the progress bar load here, never in `serve`.
      const { formatBytes, pullEncoder } = await import('../../app/compose/cli-tools.js');
      const { SingleBar, Presets } = (await import('cli-progress')).default;
      const network: NetworkSettings = {
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
          endpoint: process.env.HF_ENDPOINT || undefined,
          token: process.env.HF_TOKEN || undefined,
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
