// Downloads one file to <target>.part with HTTP Range resume and bounded retries with backoff, checks size and SHA-256, then renames it into place.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DEFAULT_NETWORK,
  HubError,
  HubHttp,
  networkError,
  retryableStatus,
  withRetries,
  type NetworkSettings,
  type RetryListener,
} from './hub-http.js';

export interface ExpectedFile {
  size?: number | undefined;
  sha256?: string | undefined;
}

export interface DownloadOptions {
  headers?: Record<string, string>;
  /** The connection pool with its timeouts and retry settings (a cut or stalled try resumes from the bytes on disk). */
  http?: HubHttp;
  /** Without `http`: the settings of the pool made for this download (the defaults where not given). */
  network?: Partial<NetworkSettings>;
  /** Bytes of this file on disk so far (resumed bytes included). */
  onProgress?: (received: number) => void;
  onRetry?: RetryListener;
}

export interface DownloadedFile {
  size: number;
  sha256: string;
  /** Attempts that resumed from a partial file with a Range request. */
  resumed: number;
}

export class ChecksumError extends HubError {
  constructor(message: string) {
    super(message);
    this.name = 'ChecksumError';
  }
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** One GET (ranged when bytes are on disk) appended to the part file; throws when the body is cut or stalls. */
async function fetchInto(
  http: HubHttp,
  url: string,
  part: string,
  have: number,
  options: DownloadOptions,
): Promise<'resumed' | 'fresh'> {
  const headers = { ...options.headers, ...(have > 0 ? { Range: `bytes=${have}-` } : {}) };
  const res = await http.get(url, headers);
  if (res.status === 416) {
    await res.body?.cancel();
    await rm(part, { force: true });
    throw new HubError(`the server refused the range of ${url}; starting the file again`, 416, true);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    throw new HubError(`${url} was not found`, 404);
  }
  if (res.status !== 200 && res.status !== 206) {
    await res.body?.cancel();
    throw new HubError(`the server answered ${res.status} for ${url}`, res.status, retryableStatus(res.status));
  }
  const resumed = res.status === 206 && have > 0;
  let received = resumed ? have : 0;
  options.onProgress?.(received);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      options.onProgress?.(received);
      callback(null, chunk);
    },
  });
  if (!res.body) throw new HubError(`the server sent no body for ${url}`, undefined, true);
  try {
    await pipeline(
      Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      counter,
      createWriteStream(part, { flags: resumed ? 'a' : 'w' }),
    );
  } catch (error) {
    const { syscall } = error as NodeJS.ErrnoException;
    // A local file failure (disk full, permissions) is not the network's: no retry.
    if (syscall === 'open' || syscall === 'write') throw error;
    throw networkError(error, url, http.settings);
  }
  return resumed ? 'resumed' : 'fresh';
}

export async function downloadFile(
  url: string,
  target: string,
  expected: ExpectedFile,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  const part = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });
  const http = options.http ?? new HubHttp({ ...DEFAULT_NETWORK, ...options.network });
  let resumed = 0;
  try {
    await withRetries(
      http.settings,
      async () => {
        let have = await sizeOf(part);
        if (expected.size !== undefined && have > expected.size) {
          await rm(part, { force: true });
          have = 0;
        }
        if (expected.size !== undefined && have === expected.size && have > 0) return;
        if ((await fetchInto(http, url, part, have, options)) === 'resumed') resumed += 1;
      },
      options.onRetry,
    );
  } finally {
    if (!options.http) await http.close();
  }
  const size = await sizeOf(part);
  if (expected.size !== undefined && size !== expected.size) {
    await rm(part, { force: true });
    throw new ChecksumError(`${url}: received ${size} bytes, the hub lists ${expected.size}`);
  }
  const sha256 = await sha256Of(part);
  if (expected.sha256 !== undefined && sha256 !== expected.sha256) {
    await rm(part, { force: true });
    throw new ChecksumError(`${url}: SHA-256 ${sha256} does not match the hub's ${expected.sha256}`);
  }
  await rename(part, target);
  return { size, sha256, resumed };
}
