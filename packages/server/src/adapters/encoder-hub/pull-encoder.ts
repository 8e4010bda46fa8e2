// `encoders pull`: fetches the files a sentence-transformers ONNX export needs into <modelsDir>/encoders/<id>, all or nothing.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  authHeaders,
  encoderIdOf,
  fetchRevision,
  HubError,
  resolveUrl,
  type HubFile,
  type HubOptions,
} from './hub-api.js';
import { downloadFile } from './download-file.js';
import { DEFAULT_NETWORK, HubHttp, type NetworkSettings, type RetryListener } from './hub-http.js';

/** What the export's loader reads besides the ONNX graph; the first two are required. */
export const REQUIRED_FILES = ['tokenizer.json', 'config.json'];
export const OPTIONAL_FILES = [
  'tokenizer_config.json',
  'special_tokens_map.json',
  'modules.json',
  'sentence_bert_config.json',
  'config_sentence_transformers.json',
  '1_Pooling/config.json',
];
/** Where exports keep their graph, in order of preference when --file is not given. */
const PREFERRED_ONNX = ['onnx/model.onnx', 'model.onnx'];
export const PULL_MANIFEST = 'pull.json';

export interface PullOptions extends HubOptions {
  repo: string;
  revision?: string | undefined;
  /** The ONNX file to fetch, e.g. onnx/model_qint8_avx512_vnni.onnx. */
  file?: string | undefined;
  modelsDir: string;
  /** Called once the file list is known, then per file as bytes arrive. */
  onPlan?: (files: HubFile[]) => void;
  onProgress?: (path: string, received: number) => void;
  /** Timeouts and retries (the defaults where not given). */
  network?: Partial<NetworkSettings>;
  /** Told before each retry of a request that failed on the network. */
  onRetry?: RetryListener;
}

export interface PullResult {
  id: string;
  dir: string;
  commit: string;
  files: Array<{ path: string; size: number; sha256: string }>;
  /** Downloads that resumed a partial file. */
  resumed: number;
}

/** The ONNX graph to fetch, plus its external-data file when the export has one. */
export function chooseOnnx(files: HubFile[], wanted: string | undefined): HubFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  let graph: HubFile | undefined;
  if (wanted !== undefined) {
    graph = byPath.get(wanted);
    if (!graph) {
      const onnx = files.filter((f) => f.path.endsWith('.onnx')).map((f) => f.path);
      throw new HubError(`the repository has no file "${wanted}"; its ONNX files: ${onnx.join(', ') || 'none'}`);
    }
  } else {
    graph =
      PREFERRED_ONNX.map((p) => byPath.get(p)).find((f) => f !== undefined) ??
      files
        .filter((f) => f.path.startsWith('onnx/') && f.path.endsWith('.onnx'))
        .sort((a, b) => a.path.localeCompare(b.path))[0];
    if (!graph)
      throw new HubError(
        'the repository has no ONNX export (model.onnx or onnx/*.onnx); pick a repository that ships one',
      );
  }
  const data = [`${graph.path}_data`, `${graph.path}.data`]
    .map((p) => byPath.get(p))
    .filter((f): f is HubFile => f !== undefined);
  return [graph, ...data];
}

export function planFiles(files: HubFile[], wantedOnnx: string | undefined): HubFile[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const missing = REQUIRED_FILES.filter((p) => !byPath.has(p));
  if (missing.length > 0)
    throw new HubError(`the repository lacks ${missing.join(' and ')}; it is not a sentence-transformers export`);
  const wanted = [...REQUIRED_FILES, ...OPTIONAL_FILES]
    .map((p) => byPath.get(p))
    .filter((f): f is HubFile => f !== undefined);
  return [...wanted, ...chooseOnnx(files, wantedOnnx)];
}

export async function pullEncoder(options: PullOptions): Promise<PullResult> {
  const id = encoderIdOf(options.repo);
  const revision = options.revision ?? 'main';
  const http = new HubHttp({ ...DEFAULT_NETWORK, ...options.network });
  try {
    return await pullWith(http, id, revision, options);
  } finally {
    await http.close();
  }
}

async function pullWith(http: HubHttp, id: string, revision: string, options: PullOptions): Promise<PullResult> {
  const info = await fetchRevision(options, options.repo, revision, http, options.onRetry);
  const plan = planFiles(info.files, options.file);
  options.onPlan?.(plan);
  const encodersDir = join(options.modelsDir, 'encoders');
  const staging = join(encodersDir, `.pull-${id}`);
  const dir = join(encodersDir, id);
  await mkdir(staging, { recursive: true });
  const files: PullResult['files'] = [];
  let resumed = 0;
  try {
    for (const file of plan) {
      const got = await downloadFile(
        resolveUrl(options, options.repo, info.commit, file.path),
        join(staging, file.path),
        file,
        {
          headers: authHeaders(options),
          http,
          onProgress: (received) => options.onProgress?.(file.path, received),
          onRetry: options.onRetry,
        },
      );
      resumed += got.resumed;
      files.push({ path: file.path, size: got.size, sha256: got.sha256 });
    }
  } catch (error) {
    if (!(error instanceof HubError) || error.name === 'ChecksumError' || error.status === 404)
      await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const manifest = {
    repo: options.repo,
    revision,
    commit: info.commit,
    endpoint: options.endpoint ?? null,
    pulled_at: new Date().toISOString(),
    files,
  };
  await writeFile(join(staging, PULL_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(dir, { recursive: true, force: true });
  await rename(staging, dir);
  return { id, dir, commit: info.commit, files, resumed };
}
