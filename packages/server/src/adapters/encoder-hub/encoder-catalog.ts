// `encoders list`: the built-in encoders and those under <modelsDir>/encoders, with format, size and provenance.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PULL_MANIFEST } from './pull-encoder.js';

export type EncoderFormat =
  'static-embedding' | 'unigram-transformer' | 'joint' | 'sentence-transformers' | 'incomplete';

export interface CatalogEntry {
  id: string;
  format: EncoderFormat;
  bytes: number;
  source: string;
  dir: string;
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function describe(dir: string, name: string, builtin: boolean): Promise<CatalogEntry> {
  const files = await listDir(dir);
  const relative = new Set(files.map((f) => f.slice(dir.length + 1)));
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  const bytes = sizes.reduce((a, b) => a + b, 0);
  const metadata = relative.has('encoder.json') ? await readJson(join(dir, 'encoder.json')) : undefined;
  const pulled = relative.has(PULL_MANIFEST) ? await readJson(join(dir, PULL_MANIFEST)) : undefined;
  const hasOnnx = [...relative].some((f) => f.endsWith('.onnx'));
  const described = ['static-embedding', 'unigram-transformer', 'joint'] as const;
  const format: EncoderFormat = described.includes(metadata?.type as (typeof described)[number])
    ? (metadata?.type as EncoderFormat)
    : hasOnnx && relative.has('tokenizer.json') && relative.has('config.json')
      ? 'sentence-transformers'
      : 'incomplete';
  const source = builtin
    ? 'built-in'
    : pulled
      ? `pulled ${String(pulled.repo)}@${String(pulled.commit ?? pulled.revision).slice(0, 12)}`
      : typeof metadata?.source === 'string'
        ? metadata.source
        : 'local';
  return { id: typeof metadata?.id === 'string' ? metadata.id : name, format, bytes, source, dir };
}

/** Entries of the models directory first (they win over built-in ones of the same id), then built-in ones; dot-directories (pulls in progress) are skipped. */
export async function listEncoderCatalog(modelsDir: string, builtinDir: string): Promise<CatalogEntry[]> {
  const entries: CatalogEntry[] = [];
  for (const [root, builtin] of [
    [join(modelsDir, 'encoders'), false],
    [builtinDir, true],
  ] as const) {
    let names: string[];
    try {
      names = (await readdir(root, { withFileTypes: true }))
        .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
        .map((e) => e.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names) {
      const entry = await describe(join(root, name), name, builtin);
      if (!entries.some((e) => e.id === entry.id)) entries.push(entry);
    }
  }
  return entries;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
