// Workspace API keys: create (the secret returned once), list by prefix and last four, revoke at once.
import { generateApiKey } from './api-key-tokens.js';
import { notFound } from '../shared/domain-errors.js';
import type { ApiKeyRepository } from '../ports/repositories.js';
import type { ApiKeyRecord, Page, PageRequest, Role } from '../shared/types.js';

export interface CreatedKey {
  record: ApiKeyRecord;
  /** The full key: shown to the caller once, never stored. */
  key: string;
}

export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(workspaceId: number, input: { name: string; role: Role }): Promise<CreatedKey> {
    const key = generateApiKey();
    const record = await this.keys.insert({
      workspaceId,
      prefix: key.prefix,
      lastFour: key.lastFour,
      keyHash: key.keyHash,
      role: input.role,
      name: input.name,
    });
    return { record, key: key.key };
  }

  list(workspaceId: number, page: PageRequest): Promise<Page<ApiKeyRecord>> {
    return this.keys.list(workspaceId, page);
  }

  /** Revokes a key of the workspace (idempotent); a key of another workspace is NOT_FOUND. */
  async revoke(workspaceId: number, id: number): Promise<ApiKeyRecord> {
    const revoked = await this.keys.revoke(workspaceId, id, this.now());
    if (!revoked) throw notFound(`API key ${id}`);
    return revoked;
  }
}
