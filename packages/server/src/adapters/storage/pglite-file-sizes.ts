// The embedded cluster's file sizes, recorded when PGlite closes cleanly and checked before it opens again.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Kept inside the cluster directory, so it travels with a copy or a backup of it (PostgreSQL ignores unknown files
 * at the root of its data directory). "open": PGlite may be running or died (kill -9, power loss); the sizes are
 * only recorded at a clean close, when nothing writes the files until the next open.
 */
export const FILE_SIZES_NAME = 'textclass.files.json';

interface FileSizes {
  state: 'open' | 'closed';
  closedAt?: string;
  files?: Record<string, number>;
}

function walk(root: string, relative: string, into: Map<string, number>): void {
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) walk(root, name, into);
    else if (entry.isFile() && name !== FILE_SIZES_NAME) into.set(name, statSync(path.join(root, name)).size);
  }
}

function write(cluster: string, record: FileSizes): void {
  const file = path.join(cluster, FILE_SIZES_NAME);
  writeFileSync(`${file}.partial`, JSON.stringify(record), { mode: 0o600 });
  renameSync(`${file}.partial`, file);
}

/** Marks the cluster open: from now on its recorded sizes no longer hold. */
export function markClusterOpen(cluster: string): void {
  write(cluster, { state: 'open' });
}

/** Records every file's size once PGlite has closed (shut down and flushed). */
export function recordClusterClosed(cluster: string): void {
  const files = new Map<string, number>();
  walk(cluster, '', files);
  write(cluster, { state: 'closed', closedAt: new Date().toISOString(), files: Object.fromEntries(files) });
}

/**
 * The files that differ from the sizes recorded at the last clean close (a missing or truncated table, index, WAL
 * segment…); empty when the last close was not clean (nothing recorded) or everything matches. Files added since
 * are not counted: nothing may remove or shrink a file between a close and the next open.
 */
export function fileSizeProblems(cluster: string): string[] {
  let raw: string;
  try {
    raw = readFileSync(path.join(cluster, FILE_SIZES_NAME), 'utf8');
  } catch {
    return [];
  }
  let record: FileSizes;
  try {
    record = JSON.parse(raw) as FileSizes;
  } catch {
    return [`${FILE_SIZES_NAME} is not readable JSON`];
  }
  if (record.state !== 'closed' || record.files === undefined) return [];
  const problems: string[] = [];
  for (const [name, size] of Object.entries(record.files)) {
    let now: number | undefined;
    try {
      now = statSync(path.join(cluster, name)).size;
    } catch {
      now = undefined;
    }
    if (now === undefined) problems.push(`${name} is missing (${size} bytes at the last clean close)`);
    else if (now !== size) problems.push(`${name} is ${now} bytes, ${size} at the last clean close`);
  }
  return problems;
}
