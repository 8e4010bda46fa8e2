// The Hugging Face hub's URL layout: repo ids, the revision API (file list with sizes and LFS SHA-256) and resolve URLs.
import { HubError, networkError, retryableStatus, withRetries, type HubHttp, type RetryListener } from './hub-http.js';

export { HubError };

export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co';

/** One file of a repository at a revision, as the hub lists it with ?blobs=true. */
export interface HubFile {
  path: string;
  /** Bytes, when the hub says (always with blobs=true). */
  size: number | undefined;
  /** SHA-256 hex of the content, for LFS files. */
  sha256: string | undefined;
}

export interface HubRevision {
  repo: string;
  /** The commit the revision resolved to; files are fetched from it so they match each other. */
  commit: string;
  files: HubFile[];
}

export interface HubOptions {
  /** HF_ENDPOINT; default https://huggingface.co. */
  endpoint?: string | undefined;
  /** HF_TOKEN: sent as a bearer token. */
  token?: string | undefined;
}

interface SiblingJson {
  rfilename?: unknown;
  size?: unknown;
  lfs?: { sha256?: unknown; size?: unknown } | null;
}

const REPO_ID = /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)?$/;

export function assertRepoId(repo: string): void {
  if (!REPO_ID.test(repo) || repo.includes('..'))
    throw new HubError(`"${repo}" is not a hub repository id (owner/name)`);
}

/** The local encoder id of a hub repo: sentence-transformers/all-MiniLM-L6-v2 → sentence-transformers__all-MiniLM-L6-v2. */
export function encoderIdOf(repo: string): string {
  assertRepoId(repo);
  return repo.replace('/', '__');
}

export function endpointOf(options: HubOptions): string {
  return (options.endpoint || DEFAULT_HUB_ENDPOINT).replace(/\/+$/, '');
}

export function authHeaders(options: HubOptions): Record<string, string> {
  return options.token ? { Authorization: `Bearer ${options.token}` } : {};
}

/** {endpoint}/{repo}/resolve/{revision}/{path}: the file's bytes (the hub redirects to its CDN). */
export function resolveUrl(options: HubOptions, repo: string, revision: string, path: string): string {
  return `${endpointOf(options)}/${repo}/resolve/${encodeURIComponent(revision)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** GET {endpoint}/api/models/{repo}/revision/{revision}?blobs=true → the files with sizes and LFS checksums (retried on a bad network). */
export async function fetchRevision(
  options: HubOptions,
  repo: string,
  revision: string,
  http: HubHttp,
  onRetry?: RetryListener,
): Promise<HubRevision> {
  assertRepoId(repo);
  return withRetries(http.settings, () => fetchRevisionOnce(options, repo, revision, http), onRetry);
}

async function fetchRevisionOnce(
  options: HubOptions,
  repo: string,
  revision: string,
  http: HubHttp,
): Promise<HubRevision> {
  const url = `${endpointOf(options)}/api/models/${repo}/revision/${encodeURIComponent(revision)}?blobs=true`;
  let res: Awaited<ReturnType<HubHttp['get']>>;
  try {
    res = await http.get(url, { Accept: 'application/json', ...authHeaders(options) });
  } catch (error) {
    const failed = networkError(error, url, http.settings);
    throw new HubError(
      `${failed.message}; set HF_ENDPOINT to a mirror if the hub is not reachable from here`,
      undefined,
      failed.retryable,
    );
  }
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    await res.body?.cancel();
    const hint = options.token ? '' : ' (if it is private or gated, set HF_TOKEN)';
    throw new HubError(
      `repository "${repo}" at revision "${revision}" was not found on ${endpointOf(options)}${hint}`,
      res.status,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new HubError(`the hub answered ${res.status} for ${url}`, res.status, retryableStatus(res.status));
  }
  let body: { sha?: unknown; siblings?: unknown };
  try {
    body = (await res.json()) as typeof body;
  } catch (error) {
    throw error instanceof SyntaxError
      ? new HubError(`the hub's answer for "${repo}" is not JSON`)
      : networkError(error, url, http.settings);
  }
  if (!Array.isArray(body.siblings)) throw new HubError(`the hub's answer for "${repo}" lists no files`);
  const files = (body.siblings as SiblingJson[]).flatMap((s): HubFile[] => {
    if (typeof s.rfilename !== 'string') return [];
    const lfsSize = typeof s.lfs?.size === 'number' ? s.lfs.size : undefined;
    const size = typeof s.size === 'number' ? s.size : lfsSize;
    const sha256 = typeof s.lfs?.sha256 === 'string' && /^[0-9a-f]{64}$/.test(s.lfs.sha256) ? s.lfs.sha256 : undefined;
    return [{ path: s.rfilename, size, sha256 }];
  });
  return { repo, commit: typeof body.sha === 'string' && body.sha !== '' ? body.sha : revision, files };
}
