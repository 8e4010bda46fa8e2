// A local stand-in for the Hugging Face hub (its URL layout only) for pull tests: revision API, resolve with Range, faults of bad networks.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRepo {
  commit: string;
  files: Record<string, Buffer>;
  /** Paths stored as LFS files (listed with sha256, served through a CDN redirect). */
  lfs: string[];
}

export interface StandInRequest {
  method: string;
  path: string;
  range: string | undefined;
  authorization: string | undefined;
}

export interface HubStandIn {
  url: string;
  repos: Map<string, StandInRepo>;
  requests: StandInRequest[];
  /** Paths whose next full download is cut after half its bytes (once each). */
  cutOnce: Set<string>;
  /** Paths whose next full download sends half its bytes, then nothing more on an open connection (once each). */
  stallOnce: Set<string>;
  /** Paths whose next request is accepted and never answered (once each). */
  hangOnce: Set<string>;
  /** Every request is accepted and never answered (a hub or proxy that hangs). */
  hangAll: boolean;
  /** Paths served with other bytes than the ones listed (a corrupt mirror). */
  tampered: Set<string>;
  close(): Promise<void>;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

type Fault = 'cut' | 'stall' | undefined;

function serveBytes(req: IncomingMessage, res: ServerResponse, data: Buffer, fault: Fault): void {
  const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  if (start >= data.length && data.length > 0) {
    res.writeHead(416, { 'Content-Range': `bytes */${data.length}` });
    res.end();
    return;
  }
  const body = data.subarray(start);
  const headers: Record<string, string> = {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(body.length),
    'Accept-Ranges': 'bytes',
  };
  if (match) headers['Content-Range'] = `bytes ${start}-${data.length - 1}/${data.length}`;
  res.writeHead(match ? 206 : 200, headers);
  if (fault === 'stall') {
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    return;
  }
  if (fault === 'cut') {
    // Cut the connection a moment after the half is flushed, so the client has written those bytes to its
    // part file (a cut arriving together with the data can make it drop them, leaving nothing to resume).
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => res.socket?.destroy(), 300));
    return;
  }
  res.end(body);
}

export async function startHubStandIn(): Promise<HubStandIn> {
  const repos = new Map<string, StandInRepo>();
  const requests: StandInRequest[] = [];
  const cutOnce = new Set<string>();
  const stallOnce = new Set<string>();
  const hangOnce = new Set<string>();
  const tampered = new Set<string>();
  const state = { hangAll: false };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = decodeURIComponent(url.pathname);
    requests.push({
      method: req.method ?? 'GET',
      path,
      range: req.headers.range,
      authorization: req.headers.authorization,
    });
    if (state.hangAll) return;
    const api = /^\/api\/models\/([^/]+\/[^/]+)\/revision\/([^/]+)$/.exec(url.pathname);
    if (api) {
      const repo = repos.get(decodeURIComponent(api[1]!));
      if (!repo) return json(res, 404, { error: 'Repository not found' });
      const siblings = Object.entries(repo.files).map(([rfilename, data]) => ({
        rfilename,
        size: data.length,
        ...(repo.lfs.includes(rfilename) ? { lfs: { sha256: sha256(data), size: data.length, pointerSize: 134 } } : {}),
      }));
      return json(res, 200, { id: api[1], sha: repo.commit, siblings });
    }
    const cdn = /^\/cdn\/([^/]+\/[^/]+)\/(.+)$/.exec(path);
    const resolve = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(path);
    const hit = cdn
      ? { repo: cdn[1]!, file: cdn[2]!, rev: undefined }
      : resolve
        ? { repo: resolve[1]!, rev: resolve[2]!, file: resolve[3]! }
        : undefined;
    const repo = hit ? repos.get(hit.repo) : undefined;
    const data = hit && repo && Object.hasOwn(repo.files, hit.file) ? repo.files[hit.file] : undefined;
    if (!hit || !repo || !data || (hit.rev !== undefined && hit.rev !== repo.commit && hit.rev !== 'main')) {
      return json(res, 404, { error: 'Entry not found' });
    }
    if (resolve && repo.lfs.includes(hit.file)) {
      res.writeHead(302, { Location: `/cdn/${hit.repo}/${hit.file}` });
      res.end();
      return;
    }
    const bytes = tampered.has(hit.file)
      ? Buffer.concat([data.subarray(0, data.length - 1), Buffer.from([data[data.length - 1]! ^ 0xff])])
      : data;
    if (hangOnce.delete(hit.file)) return;
    const full = !req.headers.range;
    const fault: Fault =
      full && cutOnce.delete(hit.file) ? 'cut' : full && stallOnce.delete(hit.file) ? 'stall' : undefined;
    serveBytes(req, res, bytes, fault);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    repos,
    requests,
    cutOnce,
    stallOnce,
    hangOnce,
    get hangAll() {
      return state.hangAll;
    },
    set hangAll(value: boolean) {
      state.hangAll = value;
    },
    tampered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
