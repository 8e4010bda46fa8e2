// A fresh PGlite cluster packed at build time: a new embedded database starts from it instead of running initdb.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** packages/server/assets/pglite — this file sits at src/adapters/storage/ or dist/adapters/storage/. */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../../assets/pglite/', import.meta.url));

/** The installed PGlite's version, read from its package.json (its exports map does not expose that file). */
export async function installedPGliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const manifest = join(dirname(entry), '..', 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/** Where the template for this PGlite version lives; a template of another version is never used. */
export async function pgliteTemplatePath(): Promise<string> {
  return join(PGLITE_TEMPLATE_DIR, `initdb-${await installedPGliteVersion()}.tar.gz`);
}

/**
 * The packed cluster for `PGliteOptions.loadDataDir`, or undefined when the build did not write one (PGlite then runs
 * initdb). Why: PGlite's initdb starts a second PostgreSQL instance, copies its 128 MiB WebAssembly memory once and
 * writes the copy back before each postgres run, then packs its files in memory; a first start peaked at ~750 MiB of
 * RSS for a server that runs in ~400 (bench/history/memory.md, "Memory", loading peak). Unpacking the template peaks at the
 * level of opening an existing database and takes ~1 s instead of ~3.
 */
export async function readPGliteTemplate(): Promise<Blob | undefined> {
  const path = await pgliteTemplatePath();
  if (!existsSync(path)) return undefined;
  return new Blob([await readFile(path)], { type: 'application/x-gzip' });
}

/**
 * Unpacks the template into `location`, an empty directory, streaming it to disk (node-tar): PGlite's own loadDataDir
 * inflates the whole 38 MiB cluster in memory first, and on a fresh data dir those freed buffers stayed resident in
 * malloc's heap (RSS at ready +67 MiB against a second start; bench/history/memory.md, "First start"). The files go to a
 * staging directory renamed into place, so a start that dies halfway leaves no half cluster. Returns false, touching
 * nothing, when there is no template or `location` is not empty (the caller then falls back to loadDataDir / initdb).
 */
export async function unpackPGliteTemplate(location: string, template?: string): Promise<boolean> {
  template ??= await pgliteTemplatePath();
  if (!existsSync(template) || (await readdir(location)).length > 0) return false;
  const staging = `${location}.unpacking`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  try {
    const { extract } = await import('tar');
    // Synchronous (~0.2 s, once per data dir): when it throws, nothing is still writing into the staging directory.
    extract({
      file: template,
      cwd: staging,
      sync: true,
      maxReadSize: 1 << 20,
      strict: true,
      // PGlite packs paths from its data directory's root ("/base/1/…"): relative to the staging directory here.
      onReadEntry: (entry) => {
        entry.path = entry.path.replace(/^\/+/, '');
      },
    });
    await rmdir(location);
    await rename(staging, location);
    return true;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Build step: runs initdb once in memory, checkpoints and writes the gzipped cluster for the installed PGlite version
 * (~4.5 MB), unless it exists. Returns whether it wrote one.
 */
export async function writePGliteTemplate(): Promise<'written' | 'up-to-date'> {
  const path = await pgliteTemplatePath();
  if (existsSync(path)) return 'up-to-date';
  const pglite = await PGlite.create();
  try {
    await pglite.exec('CHECKPOINT');
    const packed = await pglite.dumpDataDir('gzip');
    await mkdir(PGLITE_TEMPLATE_DIR, { recursive: true });
    await writeFile(`${path}.partial`, new Uint8Array(await packed.arrayBuffer()));
    await rename(`${path}.partial`, path);
    return 'written';
  } finally {
    await pglite.close();
  }
}
