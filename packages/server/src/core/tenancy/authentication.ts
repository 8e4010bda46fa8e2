// Who is calling: an API key's bearer token resolved to its key and workspace, and the key's last use recorded sparingly.
import type { ApiKeyRepository } from '../ports/repositories.js';
import type { StoredApiKey, Workspace } from '../shared/types.js';
import { findActiveCaller } from './api-key-tokens.js';

/** Requests with a missing or invalid key allowed per client address and minute (TEXTCLASS_AUTH_FAILURES_PER_MINUTE's default). */
export const AUTH_FAILURES_PER_MINUTE = 30;

/** last_used_at is refreshed at most this often per key, to keep writes off the hot path. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface Caller {
  key: StoredApiKey;
  workspace: Workspace;
}

export class Authenticator {
  /** Keys whose last use is being written: requests meanwhile still carry the old time and must not write again. */
  private readonly touching = new Set<number>();

  constructor(private readonly apiKeys: ApiKeyRepository) {}

  /** The active key and its workspace for a bearer token, or undefined when the token names none. */
  caller(token: string): Promise<Caller | undefined> {
    return findActiveCaller(this.apiKeys, token);
  }

  /** Records that the key was used now (in the background, at most once a minute per key). */
  recordUse(key: StoredApiKey, now = new Date()): void {
    if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() <= LAST_USED_RESOLUTION_MS) return;
    if (this.touching.has(key.id)) return;
    this.touching.add(key.id);
    void this.apiKeys
      .touchLastUsed(key.id, now)
      .catch(() => undefined)
      .finally(() => this.touching.delete(key.id));
  }
}
