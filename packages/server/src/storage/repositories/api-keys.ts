// API key repository: stores only the SHA-256 hash of a key plus its visible prefix and last four characters.
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeyRepository } from '../../core/ports.js';
import type { ApiKeyRecord } from '../../core/types.js';
import type { ApiKeysTable, DatabaseSchema } from '../schema.js';
import { assertStorable } from '../storable-text.js';

export function toApiKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    prefix: row.prefix,
    lastFour: row.last_four,
    role: row.role,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export function createApiKeyRepository(db: Kysely<DatabaseSchema>): ApiKeyRepository {
  return {
    async insert(input) {
      assertStorable({ name: input.name, prefix: input.prefix, last_four: input.lastFour });
      const row = await db.insertInto('api_keys')
        .values({
          workspace_id: input.workspaceId,
          prefix: input.prefix,
          last_four: input.lastFour,
          key_hash: input.keyHash,
          role: input.role,
          name: input.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toApiKey(row);
    },

    async findActiveByHash(keyHash) {
      const row = await db.selectFrom('api_keys')
        .selectAll()
        .where('key_hash', '=', keyHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row && toApiKey(row);
    },

    async touchLastUsed(id, at) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    async countActive(workspaceId) {
      let query = db.selectFrom('api_keys').select((eb) => eb.fn.countAll<string>().as('count'))
        .where('revoked_at', 'is', null);
      if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
      const { count } = await query.executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}
