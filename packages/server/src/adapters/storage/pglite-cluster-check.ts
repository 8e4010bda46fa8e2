// Checks an embedded cluster's files before PGlite opens it: what a damaged one is missing, instead of a WASM abort.
import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

/** PostgreSQL's pg_control is padded to this size (PG_CONTROL_FILE_SIZE); its checked part is at most 512 bytes. */
const PG_CONTROL_FILE_SIZE = 8192;
const PG_CONTROL_MAX_SAFE_SIZE = 512;
/** ControlFileData.floatFormat: a double PostgreSQL stores to recognise the layout; block and segment sizes follow it. */
const FLOAT_FORMAT = 1234567.0;
/** ControlFileData: checkPoint (the last checkpoint record's LSN) at 32, checkPointCopy.ThisTimeLineID at 48. */
const CHECKPOINT_LSN_OFFSET = 32;
const CHECKPOINT_TIMELINE_OFFSET = 48;

/** What the checks read from pg_control. */
export interface ClusterLayout {
  blockSize: number;
  walSegmentSize: number;
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * Where pg_control's CRC-32C sits: the first 4-byte-aligned offset whose stored value is the CRC of the bytes before
 * it (PostgreSQL computes it over ControlFileData up to its crc field), or undefined when none matches.
 */
function controlCrcOffset(bytes: Buffer): number | undefined {
  let crc = 0xffffffff;
  const end = Math.min(bytes.length - 4, PG_CONTROL_MAX_SAFE_SIZE);
  for (let offset = 0; offset <= end; offset++) {
    if (offset % 4 === 0 && offset >= 16 && (crc ^ 0xffffffff) >>> 0 === bytes.readUInt32LE(offset)) return offset;
    crc = CRC32C_TABLE[(crc ^ bytes[offset]!) & 0xff]! ^ (crc >>> 8);
  }
  return undefined;
}

/** The WAL segment file that holds `lsn` on `timeline` (PostgreSQL's XLogFileName). */
export function walSegmentName(timeline: number, lsn: bigint, segmentSize: number): string {
  const segment = lsn / BigInt(segmentSize);
  const perId = 0x1_0000_0000n / BigInt(segmentSize);
  const hex = (value: bigint | number) => value.toString(16).toUpperCase().padStart(8, '0');
  return `${hex(timeline)}${hex(segment / perId)}${hex(segment % perId)}`;
}

interface ControlFile extends ClusterLayout {
  checkpointSegment: string;
}

function readControlFile(file: string, problems: string[]): ControlFile | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    problems.push('global/pg_control is missing');
    return undefined;
  }
  if (bytes.length !== PG_CONTROL_FILE_SIZE) {
    problems.push(`global/pg_control is ${bytes.length} bytes, PostgreSQL writes ${PG_CONTROL_FILE_SIZE}`);
    return undefined;
  }
  const crcAt = controlCrcOffset(bytes);
  const marker = Buffer.alloc(8);
  marker.writeDoubleLE(FLOAT_FORMAT);
  const floatAt = bytes.subarray(0, crcAt ?? 0).indexOf(marker);
  if (crcAt === undefined || floatAt < 0 || floatAt + 24 > crcAt) {
    problems.push('global/pg_control does not pass its checksum');
    return undefined;
  }
  const blockSize = bytes.readUInt32LE(floatAt + 8);
  const walSegmentSize = bytes.readUInt32LE(floatAt + 20);
  const lsn = bytes.readBigUInt64LE(CHECKPOINT_LSN_OFFSET);
  const timeline = bytes.readUInt32LE(CHECKPOINT_TIMELINE_OFFSET);
  return { blockSize, walSegmentSize, checkpointSegment: walSegmentName(timeline, lsn, walSegmentSize) };
}

function sizeOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function checkWal(cluster: string, control: ControlFile, problems: string[]): void {
  let names: string[];
  try {
    names = readdirSync(path.join(cluster, 'pg_wal'));
  } catch {
    problems.push('pg_wal/ is missing');
    return;
  }
  for (const name of names.filter((entry) => /^[0-9A-F]{24}$/.test(entry)).sort()) {
    const size = sizeOf(path.join(cluster, 'pg_wal', name))?.size ?? 0;
    if (size !== control.walSegmentSize)
      problems.push(`pg_wal/${name} is ${size} bytes, a WAL segment is ${control.walSegmentSize}`);
  }
  if (!names.includes(control.checkpointSegment))
    problems.push(`pg_wal/${control.checkpointSegment} (the last checkpoint's WAL segment) is missing`);
}

/** Table, index, free-space and visibility-map files: "<relfilenode>[_fsm|_vm|_init][.<segment>]". */
const RELATION_FILE = /^\d+(?:_(?:fsm|vm|init))?(?:\.\d+)?$/;

function checkRelationFiles(cluster: string, blockSize: number, problems: string[]): void {
  const directories = ['global'];
  try {
    for (const entry of readdirSync(path.join(cluster, 'base'))) directories.push(path.join('base', entry));
  } catch {
    problems.push('base/ is missing');
  }
  for (const directory of directories) {
    let names: string[];
    try {
      names = readdirSync(path.join(cluster, directory));
    } catch {
      continue;
    }
    for (const name of names.filter((entry) => RELATION_FILE.test(entry))) {
      const size = sizeOf(path.join(cluster, directory, name))?.size ?? 0;
      if (size % blockSize !== 0)
        problems.push(`${directory}/${name} is ${size} bytes, not a whole number of ${blockSize}-byte pages`);
    }
  }
}

/**
 * The problems of the cluster in `cluster` (empty: its files look whole): PG_VERSION, global/pg_control (size and
 * checksum), the WAL segments (each of the size pg_control names, the last checkpoint's present) and every relation
 * file (whole pages). It reads only; PostgreSQL's own checks (page headers, WAL records) come after it.
 */
export function clusterFileProblems(cluster: string): string[] {
  const problems: string[] = [];
  let version: string | undefined;
  try {
    version = readFileSync(path.join(cluster, 'PG_VERSION'), 'utf8').trim();
  } catch {
    problems.push('PG_VERSION is missing');
  }
  if (version !== undefined && !/^\d+$/.test(version))
    problems.push(version === '' ? 'PG_VERSION is empty' : `PG_VERSION holds "${version.slice(0, 20)}", not a version`);
  const control = readControlFile(path.join(cluster, 'global', 'pg_control'), problems);
  if (control) {
    checkWal(cluster, control, problems);
    checkRelationFiles(cluster, control.blockSize, problems);
  }
  return problems;
}
