// Reads a sentence-transformers style ONNX export directory: which model file, pooling, normalisation, length, prompts.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parsePoolingConfig, type PoolingMode } from './pooling.js';

/** Optional textclass settings an export directory may carry (written by `encoders pull`, or by hand). */
export const TEXTCLASS_EXPORT_CONFIG = 'textclass.json';

export interface TransformerExport {
  dir: string;
  id: string;
  /** The ONNX file to run. */
  modelPath: string;
  tokenizerJson: object;
  tokenizerConfig: object;
  pooling: PoolingMode;
  /** modules.json has a Normalize module. */
  normalize: boolean;
  maxSeqLength: number;
  dimension: number;
  /** Text prepended per role, e.g. { query: 'query: ', passage: 'passage: ' } (e5). */
  prompts: Record<string, string>;
  /** The role used when a caller names none. */
  defaultPrompt: string | undefined;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const DEFAULT_MAX_SEQ_LENGTH = 512;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  if (!(await exists(path))) return undefined;
  const value: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** The ONNX file: the chosen one, else model.onnx, else onnx/model.onnx, else the only onnx/*.onnx. */
export async function findModelFile(dir: string, chosen?: string): Promise<string | undefined> {
  if (chosen) {
    if (!(await exists(join(dir, chosen))))
      throw new Error(`${dir}: the configured model file ${chosen} does not exist`);
    return join(dir, chosen);
  }
  for (const candidate of ['model.onnx', join('onnx', 'model.onnx')])
    if (await exists(join(dir, candidate))) return join(dir, candidate);
  const onnx = await readdir(join(dir, 'onnx')).catch(() => [] as string[]);
  const models = onnx.filter((f) => /^model.*\.onnx$/.test(f)).sort();
  if (models.length > 1)
    throw new Error(
      `${dir}: several onnx/model*.onnx files (${models.join(', ')}); choose one with "file" in ${TEXTCLASS_EXPORT_CONFIG}`,
    );
  return models.length === 1 ? join(dir, 'onnx', models[0] as string) : undefined;
}

/** True when dir looks like a sentence-transformers / transformers ONNX export (tokenizer.json + an ONNX file). */
export async function isTransformerExport(dir: string): Promise<boolean> {
  if (!(await exists(join(dir, 'tokenizer.json')))) return false;
  const settings = await readJson(join(dir, TEXTCLASS_EXPORT_CONFIG)).catch(() => undefined);
  return (await findModelFile(dir, settings?.file as string | undefined).catch(() => 'ambiguous')) !== undefined;
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function positive(...values: unknown[]): number | undefined {
  const found = values.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
  return found.length > 0 ? Math.min(...found) : undefined;
}

/** Reads the export's configuration (small files and tokenizer.json; the ONNX file is only located). */
export async function readTransformerExport(dir: string, options: { file?: string } = {}): Promise<TransformerExport> {
  const settings = (await readJson(join(dir, TEXTCLASS_EXPORT_CONFIG))) ?? {};
  const id = typeof settings.id === 'string' ? settings.id : basename(dir);
  if (!ID.test(id)) throw new Error(`${dir}: encoder id "${id}" must be letters, digits, ".", "_" or "-"`);
  const modelPath = await findModelFile(dir, options.file ?? (settings.file as string | undefined));
  if (!modelPath) throw new Error(`${dir}: no model.onnx or onnx/model*.onnx`);
  const modules = ((await readJson(join(dir, 'modules.json')).catch(() => undefined)) ?? []) as unknown;
  const moduleList = Array.isArray(modules) ? (modules as Array<{ type?: string; path?: string }>) : [];
  const dense = moduleList.find((m) => m.type?.endsWith('.Dense'));
  if (dense)
    throw new Error(
      `${dir}: a Dense module (${dense.path}) after pooling is not supported; export it into the ONNX graph`,
    );
  const poolingPath = moduleList.find((m) => m.type?.endsWith('.Pooling'))?.path ?? '1_Pooling';
  const poolingJson = await readJson(join(dir, poolingPath, 'config.json'));
  const config = (await readJson(join(dir, 'config.json'))) ?? {};
  const sbert = (await readJson(join(dir, 'sentence_bert_config.json'))) ?? {};
  const stConfig = (await readJson(join(dir, 'config_sentence_transformers.json'))) ?? {};
  const tokenizerConfig = (await readJson(join(dir, 'tokenizer_config.json'))) ?? {};
  const tokenizerJson = (await readJson(join(dir, 'tokenizer.json'))) as object;
  const dimension = positive(poolingJson?.word_embedding_dimension, config.hidden_size, config.d_model, config.dim);
  if (!dimension)
    throw new Error(`${dir}: cannot tell the embedding dimension (1_Pooling/config.json or config.json hidden_size)`);
  const prompts = { ...stringRecord(stConfig.prompts), ...stringRecord(settings.prompts) };
  const defaultPrompt =
    [settings.default_prompt, stConfig.default_prompt_name].find((v): v is string => typeof v === 'string') ??
    (prompts.query !== undefined ? 'query' : undefined);
  return {
    dir,
    id,
    modelPath,
    tokenizerJson,
    tokenizerConfig,
    pooling: parsePoolingConfig(poolingJson),
    normalize: moduleList.some((m) => m.type?.endsWith('.Normalize')),
    maxSeqLength:
      positive(sbert.max_seq_length) ??
      positive(tokenizerConfig.model_max_length, config.max_position_embeddings) ??
      DEFAULT_MAX_SEQ_LENGTH,
    dimension,
    prompts,
    defaultPrompt,
  };
}
